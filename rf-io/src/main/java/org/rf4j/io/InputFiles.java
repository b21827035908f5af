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
import java.util.List;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The files a run is reading, so that no writer ever replaces one of them. Readers opened by
 * {@link DataFiles#open} declare their file while they are open; a command declares the other
 * files it reads (a config, a data file read whole) for the duration of the run with
 * {@link #declare}. {@link AtomicFile#open} — and so every writer built on it — refuses a target
 * that is the same file as a declared input by any path ({@link Files#isSameFile}: the same
 * path, a symbolic link, a hard link, {@code ..} segments).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class InputFiles {
    /** A declared input: the option or key that named it, and its path. */
    public record Input(String role, Path path) {
    }

    /** Ends a declaration. */
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }

    private static final Set<Input> DECLARED = Collections.newSetFromMap(new IdentityHashMap<>());
    private static final List<Input> RETAINED = new ArrayList<>();
    private static int sessions;

    private InputFiles() {
    }

    /**
     * Declares {@code path} an input of the running command until the returned scope is closed;
     * a null path declares nothing.
     *
     * @param role how the user named it, e.g. {@code --input}
     */
    public static Scope declare(String role, Path path) {
        if (path == null) {
            return () -> { };
        }
        // an identity set: nested declarations of one file are independent
        Input token = new Input(role, path);
        synchronized (DECLARED) {
            DECLARED.add(token);
        }
        return () -> {
            synchronized (DECLARED) {
                DECLARED.remove(token);
            }
        };
    }

    /**
     * Declares several inputs named by one role (e.g. {@code --config} given twice) until the
     * returned scope is closed.
     */
    public static Scope declare(String role, Collection<Path> paths) {
        List<Scope> scopes = new ArrayList<>();
        for (Path p : paths) {
            scopes.add(declare(role, p));
        }
        return () -> scopes.forEach(Scope::close);
    }

    /**
     * Starts a session (one command run): until it is closed, a file read through
     * {@link DataFiles} stays declared after its reader is closed, so a command that reads its
     * data whole and writes later (or reads a data file a config names) still cannot overwrite
     * it. Sessions nest; the RETAINED declarations end with the outermost.
     */
    public static Scope session() {
        synchronized (DECLARED) {
            sessions++;
        }
        return () -> {
            synchronized (DECLARED) {
                if (--sessions == 0) {
                    RETAINED.forEach(DECLARED::remove);
                    RETAINED.clear();
                }
            }
        };
    }

    /** Ends a reader's declaration, or keeps it until the session ends. */
    static Scope declareRead(String role, Path path) {
        Input token = new Input(role, path);
        synchronized (DECLARED) {
            DECLARED.add(token);
        }
        return () -> {
            synchronized (DECLARED) {
                if (sessions > 0) {
                    RETAINED.add(token);
                } else {
                    DECLARED.remove(token);
                }
            }
        };
    }

    /** The inputs declared now. */
    public static List<Input> declared() {
        synchronized (DECLARED) {
            return List.copyOf(DECLARED);
        }
    }

    /**
     * Refuses to write {@code target} when it is the same file as a declared input.
     *
     * @param role how the user named the output (e.g. {@code --output}), or null
     * @throws DataFormatException naming the output, the input and both options
     */
    public static void requireNotAnInput(String role, Path target) {
        if (!Files.exists(target)) {
            return;
        }
        for (Input in : declared()) {
            if (same(target, in.path())) {
                throw new DataFormatException((role == null ? "output " : role + " ") + target
                        + " is the same file as " + in.role() + " " + in.path()
                        + "; an input is never overwritten: choose another output file");
            }
        }
    }

    private static boolean same(Path a, Path b) {
        try {
            return Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException | SecurityException e) {
            return false;
        }
    }
}
