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

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The top command {@code rf4j}. Subcommands are listed in {@link #SUBCOMMANDS}, one per line; to
 * add one, write its class in this package and add it there.
 */
@Command(name = "rf4j", mixinStandardHelpOptions = true, versionProvider = RootCommand.Version.class,
        description = "Random features for the Gaussian and softmax kernels: estimate, compare and apply them.",
        subcommandsRepeatable = false, usageHelpAutoWidth = true)
public final class RootCommand implements Callable<Integer> {

    /** Every subcommand, in the order `rf4j --help` lists them. */
    public static final List<Class<?>> SUBCOMMANDS = List.of(
            MechanismsCommand.class,
            EstimateCommand.class,
            TransformCommand.class,
            ConfigCommand.class,
            EvaluateCommand.class,
            TheoryCommand.class,
            AttentionCommand.class,
            AdviseCommand.class,
            BenchCommand.class,
            FitCommand.class,
            PredictCommand.class,
            CompletionCommand.class,
            ManPageCommand.class);

    @Spec
    CommandSpec spec;

    // The two global options are read before parsing (AppSettings.scan) because they shape the
    // object graph; they are declared here so picocli validates and documents them.
    @Option(names = {"-v", "--verbose"}, scope = ScopeType.INHERIT, description = "Debug logging to stderr.")
    boolean verbose;

    @Option(names = "--plugins", paramLabel = "DIR", scope = ScopeType.INHERIT,
            description = "Plugins directory (default: $RF4J_PLUGINS, else the folder plugins in the working directory); each JAR is loaded in its own module layer.")
    Path plugins;

    /** Bare {@code rf4j}: no command given, a usage error; the usage goes to stderr. */
    @Override
    public Integer call() {
        spec.commandLine().getErr().println("rf4j: a command is required; see the list below");
        spec.commandLine().usage(spec.commandLine().getErr());
        return 2;
    }

    /** Adds every subcommand (created by the command line's factory) and picocli's {@code help}. */
    public static CommandLine register(CommandLine root) {
        for (Class<?> c : SUBCOMMANDS) {
            root.addSubcommand(c);
        }
        root.addSubcommand(CommandLine.HelpCommand.class);
        return root;
    }

    /** The version of the org.rf4j.app module (or "development"). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            Module m = RootCommand.class.getModule();
            String v = m.isNamed() && m.getDescriptor().version().isPresent()
                    ? m.getDescriptor().version().get().toString()
                    : RootCommand.class.getPackage().getImplementationVersion();
            return new String[] {"rf4j " + (v == null ? "development" : v), "Java " + Runtime.version()};
        }
    }
}
