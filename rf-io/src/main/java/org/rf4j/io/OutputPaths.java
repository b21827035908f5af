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
package org.rf4j.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The same-file rule of every command that writes: an output is refused when it is, by any path,
 * a file the command reads. Paths are compared as real paths — symbolic links resolved (also a
 * link that does not exist yet, and links in the folders), {@code .} and {@code ..} removed — and
 * existing files also by {@link Files#isSameFile} (hard links), so {@code c.json},
 * {@code ./c.json}, {@code dir/../c.json} and a symbolic link to {@code c.json} are all the same
 * file. An output that is a symbolic link to an input is therefore never replaced.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class OutputPaths {
    private static final int MAX_LINKS = 40;

    private OutputPaths() {
    }

    /**
     * The inputs of a command by the option that names them: pairs of role and path (a
     * {@link Path}, a collection of paths, or null for an option not given).
     */
    public static Map<String, Object> inputs(Object... roleAndPath) {
        if (roleAndPath.length % 2 != 0) {
            throw new IllegalArgumentException("pairs of role and path expected");
        }
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < roleAndPath.length; i += 2) {
            m.put((String) roleAndPath[i], roleAndPath[i + 1]);
        }
        return m;
    }

    /**
     * Refuses an output that is the same file as one of the inputs, then declares the inputs
     * ({@link InputFiles}) until the returned scope is closed, so no writer of the run replaces
     * them either.
     *
     * @param outputRole the option naming the output, e.g. {@code --output}
     * @param output     the output path as given (null: nothing is written; only the declaration)
     * @param inputs     the inputs by role, from {@link #inputs}
     * @throws DataFormatException naming the output option, its value and the input
     */
    public static InputFiles.Scope guard(String outputRole, Path output, Map<String, Object> inputs) {
        List<InputFiles.Scope> scopes = new ArrayList<>();
        for (Map.Entry<String, Object> e : inputs.entrySet()) {
            for (Path in : paths(e.getValue())) {
                if (output != null) {
                    requireDistinct(outputRole, output, e.getKey(), in);
                }
                scopes.add(InputFiles.declare(e.getKey(), in));
            }
        }
        return () -> scopes.forEach(InputFiles.Scope::close);
    }

    /** Refuses {@code output} when it is the same file as {@code input}. */
    public static void requireDistinct(String outputRole, Path output, String inputRole, Path input) {
        if (same(output, input)) {
            boolean link = Files.isSymbolicLink(output);
            throw new DataFormatException(outputRole + " " + output + " is the same file as " + inputRole + " " + input
                    + (link ? " (it is a symbolic link to " + real(output) + ")" : "")
                    + "; an input is never overwritten: choose another output file");
        }
    }

    /** True if the two paths name the same file (see the class comment). */
    public static boolean same(Path a, Path b) {
        if (real(a).equals(real(b))) {
            return true;
        }
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException | SecurityException e) {
            return false;
        }
    }

    /**
     * The real path of {@code p}, also when it does not exist: symbolic links are followed (a
     * dangling link to where it points), the nearest existing folder is resolved, and the rest is
     * appended normalised.
     */
    public static Path real(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        for (int hops = 0; hops < MAX_LINKS; hops++) {
            try {
                if (Files.exists(abs)) {
                    return abs.toRealPath();
                }
                if (Files.isSymbolicLink(abs)) {
                    Path target = Files.readSymbolicLink(abs);
                    abs = abs.resolveSibling(target).toAbsolutePath().normalize();
                    continue;
                }
            } catch (IOException | SecurityException e) {
                return abs;
            }
            Path parent = abs.getParent();
            if (parent == null || abs.getFileName() == null) {
                return abs;
            }
            return real(parent).resolve(abs.getFileName());
        }
        return abs;
    }

    private static List<Path> paths(Object v) {
        List<Path> out = new ArrayList<>();
        if (v instanceof Path p) {
            out.add(p);
        } else if (v instanceof Collection<?> c) {
            for (Object o : c) {
                if (o instanceof Path p) {
                    out.add(p);
                }
            }
        }
        return out;
    }
}
