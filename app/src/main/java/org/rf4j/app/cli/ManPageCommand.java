/*
 * Copyright 2026 The rf4j developers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package org.rf4j.app.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rf4j.io.AtomicFile;
import org.rf4j.io.DataFiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Parameters;

/**
 * {@code rf4j manpage DIR}: writes the manual pages (troff, section 1) of {@code rf4j} and of each
 * command into DIR, rendered from the command tree itself, so they never fall behind the CLI. The
 * distributions ship them under {@code man/man1}; read one with {@code man -l rf4j-fit.1}, or add
 * the folder to {@code MANPATH}.
 */
@Command(name = "manpage", mixinStandardHelpOptions = true,
        description = "Write the man pages (troff) of rf4j and every command into DIR: rf4j.1, rf4j-fit.1, ...")
public final class ManPageCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "Folder for the pages (created if missing).")
    Path directory;

    @Override
    public Integer call() {
        CommandLine root = spec.commandLine().getParent();
        Map<String, String> pages = pages(root);
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw AtomicFile.failure(directory, e);
        }
        for (Map.Entry<String, String> page : pages.entrySet()) {
            Path file = directory.resolve(page.getKey());
            DataFiles.writeAtomically(file, o -> o.write(page.getValue().getBytes(StandardCharsets.UTF_8)));
        }
        spec.commandLine().getOut().println("wrote " + pages.size() + " man pages to " + directory);
        spec.commandLine().getOut().flush();
        return 0;
    }

    /** File name → troff text, for the root command and each visible subcommand, in help order. */
    static Map<String, String> pages(CommandLine root) {
        Map<String, String> pages = new LinkedHashMap<>();
        String version = root.getCommandSpec().version().length > 0 ? root.getCommandSpec().version()[0] : "rf4j";
        List<String> seeAlso = new ArrayList<>();
        seeAlso.add("rf4j");
        root.getSubcommands().forEach((name, sub) -> {
            if (!sub.getCommandSpec().usageMessage().hidden() && !name.equals("help")) {
                seeAlso.add("rf4j-" + name);
            }
        });
        pages.put("rf4j.1", page(root, "rf4j", version, seeAlso));
        root.getSubcommands().forEach((name, sub) -> {
            if (seeAlso.contains("rf4j-" + name)) {
                pages.put("rf4j-" + name + ".1", page(sub, "rf4j-" + name, version, List.of("rf4j")));
            }
        });
        return pages;
    }

    private static String page(CommandLine command, String title, String version, List<String> seeAlso) {
        CommandSpec spec = command.getCommandSpec();
        CommandLine.Help help = new CommandLine.Help(spec,
                CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        String[] description = spec.usageMessage().description();
        StringBuilder t = new StringBuilder();
        t.append(".TH \"").append(title.toUpperCase(Locale.ROOT)).append("\" 1 \"\" \"")
                .append(escape(version)).append("\" \"rf4j manual\"\n");
        t.append(".SH NAME\n").append(escape(title)).append(" \\- ")
                .append(escape(description.length > 0 ? description[0] : "")).append('\n');
        t.append(".SH SYNOPSIS\n.nf\n").append(lines(help.synopsis(0).strip())).append(".fi\n");
        if (description.length > 0) {
            t.append(".SH DESCRIPTION\n");
            for (String line : description) {
                t.append(lines(line));
            }
        }
        List<PositionalParamSpec> positionals = spec.positionalParameters().stream()
                .filter(p -> !p.hidden()).toList();
        if (!positionals.isEmpty()) {
            t.append(".SH ARGUMENTS\n");
            for (PositionalParamSpec p : positionals) {
                t.append(".TP\n\\fI").append(escape(p.paramLabel())).append("\\fR\n")
                        .append(lines(String.join(" ", p.description())));
            }
        }
        List<OptionSpec> options = spec.options().stream().filter(o -> !o.hidden()).toList();
        if (!options.isEmpty()) {
            t.append(".SH OPTIONS\n");
            for (OptionSpec o : options) {
                t.append(".TP\n").append(optionNames(o)).append('\n')
                        .append(lines(String.join(" ", o.description())));
            }
        }
        List<Map.Entry<String, CommandLine>> commands = command.getSubcommands().entrySet().stream()
                .filter(e -> !e.getValue().getCommandSpec().usageMessage().hidden()).toList();
        if (!commands.isEmpty()) {
            t.append(".SH COMMANDS\n");
            for (Map.Entry<String, CommandLine> c : commands) {
                String[] d = c.getValue().getCommandSpec().usageMessage().description();
                t.append(".TP\n\\fB").append(escape(c.getKey())).append("\\fR\n")
                        .append(lines(d.length > 0 ? d[0] : ""));
            }
        }
        t.append(".SH EXIT STATUS\n0 on success; 2 for a mistake in the input (one line on stderr names it);"
                + " 130 when interrupted (nothing is written); 1 for a fault of rf4j itself.\n");
        t.append(".SH SEE ALSO\n");
        List<String> others = seeAlso.stream().filter(s -> !s.equals(title)).toList();
        for (int i = 0; i < others.size(); i++) {
            t.append(".BR ").append(escape(others.get(i))).append(" (1)").append(i + 1 < others.size() ? "," : "")
                    .append('\n');
        }
        return t.toString();
    }

    /** {@code \fB--name\fR, \fB-n\fR=\fILABEL\fR}. */
    private static String optionNames(OptionSpec o) {
        StringBuilder s = new StringBuilder();
        String[] names = o.names();
        for (int i = 0; i < names.length; i++) {
            s.append(i > 0 ? ", " : "").append("\\fB").append(escape(names[i])).append("\\fR");
        }
        if (o.arity().max() > 0 && !o.paramLabel().isEmpty()) {
            s.append("=\\fI").append(escape(o.paramLabel())).append("\\fR");
        }
        return s.toString();
    }

    /** Text as troff lines: escaped, no line starting with a control character. */
    private static String lines(String text) {
        StringBuilder s = new StringBuilder();
        for (String line : text.replace("%n", "\n").split("\\R", -1)) {
            String e = escape(line.strip());
            if (e.isEmpty()) {
                continue;
            }
            if (e.startsWith(".") || e.startsWith("'")) {
                s.append("\\&");
            }
            s.append(e).append('\n');
        }
        return s.toString();
    }

    private static String escape(String s) {
        return s.replace("\\", "\\e").replace("-", "\\-");
    }
}
