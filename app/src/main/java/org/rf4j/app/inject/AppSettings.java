package org.rf4j.app.inject;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * The settings that shape the object graph, known before any command runs: verbosity and the
 * plugins directory.
 *
 * @param verbose    debug logging
 * @param pluginsDir the plugins directory ({@code --plugins}, else {@code RF4J_PLUGINS}, else
 *                   {@code ./plugins}); a missing directory simply holds no plugins
 */
public record AppSettings(boolean verbose, Path pluginsDir) {
    /** The environment variable naming the plugins directory. */
    public static final String PLUGINS_ENV = "RF4J_PLUGINS";

    public AppSettings {
        Objects.requireNonNull(pluginsDir, "pluginsDir");
    }

    /**
     * Reads the global options from the command line ahead of the full parse (which validates
     * them): {@code -v}/{@code --verbose} and {@code --plugins DIR}/{@code --plugins=DIR}, anywhere
     * before a {@code --}.
     */
    public static AppSettings scan(String[] args, Map<String, String> env) {
        boolean verbose = false;
        String plugins = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--")) {
                break;
            }
            if (a.equals("-v") || a.equals("--verbose")) {
                verbose = true;
            } else if (a.equals("--plugins") && i + 1 < args.length) {
                plugins = args[++i];
            } else if (a.startsWith("--plugins=")) {
                plugins = a.substring("--plugins=".length());
            }
        }
        if (plugins == null) {
            String e = env.get(PLUGINS_ENV);
            plugins = e == null || e.isBlank() ? "plugins" : e;
        }
        return new AppSettings(verbose, Path.of(plugins));
    }
}
