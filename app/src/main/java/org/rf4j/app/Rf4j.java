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
package org.rf4j.app;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Module;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rf4j.api.RfException;
import org.rf4j.app.cli.RootCommand;
import org.rf4j.app.inject.AppModule;
import org.rf4j.app.inject.AppSettings;
import org.rf4j.app.inject.GuiceContributions;
import org.rf4j.app.inject.GuiceFactory;
import org.rf4j.app.inject.MechanismBindingsModule;
import org.rf4j.io.InputFiles;
import org.rf4j.spi.MechanismRegistry;
import org.slf4j.ILoggerFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/**
 * Runs the {@code rf4j} command line in-process: builds the Guice object graph, the picocli
 * command tree, and maps failures to exit codes.
 *
 * <p>Exit codes: {@value #OK} success; {@value #USAGE} usage, config or input errors (a one-line
 * message naming the problem: bad options, any {@link RfException} such as an unknown mechanism
 * id, an invalid parameter, malformed JSON or a missing file); {@value #INTERNAL} internal
 * failures (with the stack trace under {@code -v}).
 */
public final class Rf4j {
    /** Success. */
    public static final int OK = 0;
    /** An internal failure (a bug or an environment problem). */
    public static final int INTERNAL = 1;
    /** A usage, config or input error. */
    public static final int USAGE = 2;

    static {
        // Guice's bytecode generation defines helper classes in an unnamed module, which cannot
        // access the classes of this named module; reflection works on the module path (the
        // packages are opened to com.google.guice) and needs no sun.misc.Unsafe. Set before any
        // Guice class initialises; an explicit -D setting wins.
        if (System.getProperty("guice_bytecode_gen_option") == null) {
            System.setProperty("guice_bytecode_gen_option", "DISABLED");
        }
    }

    private Rf4j() {
    }

    /**
     * Runs one command line.
     *
     * @param args the arguments (without the program name)
     * @param out  where results go
     * @param err  where messages go
     * @param env  the environment ({@code RF4J_PLUGINS})
     * @return the exit code
     */
    public static int run(String[] args, PrintWriter out, PrintWriter err, Map<String, String> env) {
        AppSettings settings = AppSettings.scan(args, env);
        configureLogging(settings.verbose());
        CommandLine cl;
        try {
            cl = commandLine(settings);
        } catch (RuntimeException e) {
            err.println("rf4j: internal error while starting: " + e);
            if (settings.verbose()) {
                e.printStackTrace(err);
            }
            err.flush();
            return INTERNAL;
        }
        configure(cl, out, err, settings.verbose());
        warnAboutPlugins(args, settings, err);
        int code;
        // every file a command reads stays protected from its writers until the command ends
        try (InputFiles.Scope session = InputFiles.session()) {
            code = cl.execute(args);
        } catch (OutOfMemoryError e) {
            err.println("rf4j: " + outOfMemory());
            code = USAGE;
        }
        out.flush();
        err.flush();
        return code;
    }

    /** A {@code --plugins} directory that does not exist (or is not a directory) is worth a word. */
    private static void warnAboutPlugins(String[] args, AppSettings settings, PrintWriter err) {
        boolean explicit = false;
        for (String a : args) {
            if (a.equals("--")) {
                break;
            }
            explicit |= a.equals("--plugins") || a.startsWith("--plugins=");
        }
        if (!explicit) {
            return;
        }
        java.nio.file.Path dir = settings.pluginsDir();
        if (!java.nio.file.Files.exists(dir)) {
            err.println("rf4j: warning: --plugins " + dir + " does not exist; no plugins are loaded from it");
        } else if (!java.nio.file.Files.isDirectory(dir)) {
            err.println("rf4j: warning: --plugins " + dir + " is not a directory; no plugins are loaded from it");
        }
    }

    /** The one-line message for an exhausted heap: the heap's size and how to raise it. */
    static String outOfMemory() {
        long max = Runtime.getRuntime().maxMemory();
        return "out of memory: the run needs more than the Java heap's maximum of " + (max >> 20)
                + " MiB; choose smaller sizes (m, --chunk, --L, --n, rows) or raise the heap, e.g. "
                + "RF4J_JAVA_OPTS=-Xmx" + Math.max(2, 2 * ((max >> 30) + 1)) + "g";
    }

    /**
     * Sets the output streams and the exception handlers that map failures to exit codes:
     * parameter errors and {@link RfException}s to {@value #USAGE} with a one-line message,
     * anything else to {@value #INTERNAL}.
     */
    public static CommandLine configure(CommandLine cl, PrintWriter out, PrintWriter err, boolean verbose) {
        Logger log = LoggerFactory.getLogger(Rf4j.class);
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            CommandLine c = ex.getCommandLine();
            String refused = org.rf4j.app.cli.OptionMessages.conversion(ex);
            if (refused != null) {
                // a value of the wrong type: worded as every refused option value, in one line
                c.getErr().println("rf4j: " + refused);
                return USAGE;
            }
            String hint = "";
            if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getSuggestions().isEmpty()) {
                // picocli's suggestions: similar option names, or subcommand names
                hint = "; did you mean " + String.join(" or ", u.getSuggestions().stream().limit(3).toList()) + "?";
            } else if (ex instanceof CommandLine.MissingParameterException) {
                hint = unknownBeside(c);
            }
            c.getErr().println("rf4j: " + ex.getMessage() + hint);
            c.getErr().println("Try '" + c.getCommandSpec().qualifiedName() + " --help' for usage.");
            return USAGE;
        });
        cl.setExecutionExceptionHandler((ex, c, parseResult) -> {
            if (ex instanceof RfException e) {
                c.getErr().println("rf4j: " + oneLine(org.rf4j.app.cli.OptionMessages.of(e)));
                log.debug("details", ex);
                return USAGE;
            }
            for (Throwable t = ex; t != null; t = t.getCause()) {
                if (t instanceof OutOfMemoryError) {
                    c.getErr().println("rf4j: " + outOfMemory());
                    log.debug("details", ex);
                    return USAGE;
                }
                if (t instanceof RfException e && t != ex && ex instanceof RuntimeException
                        && !(ex instanceof RfException) && isWrapper(ex)) {
                    // a domain error thrown in a worker thread and rethrown wrapped
                    c.getErr().println("rf4j: " + oneLine(org.rf4j.app.cli.OptionMessages.of(e)));
                    log.debug("details", ex);
                    return USAGE;
                }
            }
            if (ex instanceof java.io.UncheckedIOException u && u.getCause() instanceof java.nio.file.FileSystemException fse) {
                c.getErr().println("rf4j: cannot access " + fse.getFile() + ": "
                        + (fse.getReason() == null ? fse.getClass().getSimpleName() : fse.getReason()));
                log.debug("details", ex);
                return USAGE;
            }
            if (ex instanceof java.nio.file.FileSystemException fse) {
                // a file named on the command line that cannot be opened: an input error
                c.getErr().println("rf4j: cannot access " + fse.getFile() + ": "
                        + (fse.getReason() == null ? fse.getClass().getSimpleName() : fse.getReason()));
                log.debug("details", ex);
                return USAGE;
            }
            c.getErr().println("rf4j: internal error: " + ex);
            if (verbose) {
                ex.printStackTrace(c.getErr());
            } else {
                c.getErr().println("(run with -v for the stack trace)");
            }
            return INTERNAL;
        });
        return cl;
    }

    /**
     * For a missing required option: the unknown options typed beside it and the known options they
     * begin (e.g. {@code --in} for {@code --input}), or "" when there are none.
     */
    private static String unknownBeside(CommandLine c) {
        CommandLine.ParseResult pr = c.getParseResult();
        if (pr == null) {
            return "";
        }
        List<String> unknown = pr.unmatched().stream().filter(a -> a.startsWith("-")).toList();
        if (unknown.isEmpty()) {
            return "";
        }
        List<String> meant = new ArrayList<>();
        for (String u : unknown) {
            String name = u.contains("=") ? u.substring(0, u.indexOf('=')) : u;
            c.getCommandSpec().optionsMap().keySet().stream().filter(o -> o.startsWith(name) && o.startsWith("--"))
                    .sorted().limit(1).forEach(meant::add);
        }
        return "; unknown " + String.join(", ", unknown) + (meant.isEmpty() ? ""
                : " (did you mean " + String.join(", ", meant) + "?)");
    }

    /** The command tree, created by a Guice injector for the given settings. */
    public static CommandLine commandLine(AppSettings settings) {
        MechanismRegistry.Builder discovery = AppModule.discover(settings);
        List<Module> modules = new ArrayList<>();
        modules.add(new AppModule(settings, discovery));
        modules.addAll(GuiceContributions.load(discovery, settings));
        Injector base = Guice.createInjector(modules);
        Injector injector = base.createChildInjector(new MechanismBindingsModule(base.getInstance(MechanismRegistry.class)));
        return RootCommand.register(new CommandLine(RootCommand.class, new GuiceFactory(injector)));
    }

    /** Exceptions that only carry another thread's failure. */
    private static boolean isWrapper(Throwable t) {
        return t instanceof java.util.concurrent.CompletionException
                || t instanceof java.lang.reflect.UndeclaredThrowableException
                || t.getClass() == RuntimeException.class;
    }

    private static String oneLine(String message) {
        if (message == null) {
            return "(no message)";
        }
        return message.replace('\n', ' ').replace('\r', ' ');
    }

    /** Root level WARN (quiet), or DEBUG with {@code -v}. */
    private static void configureLogging(boolean verbose) {
        ILoggerFactory f = LoggerFactory.getILoggerFactory();
        if (f instanceof LoggerContext ctx) {
            ctx.getLogger(Logger.ROOT_LOGGER_NAME).setLevel(verbose ? Level.DEBUG : Level.WARN);
        }
    }
}
