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
