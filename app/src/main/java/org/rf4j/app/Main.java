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

import java.io.PrintWriter;

/** The {@code rf4j} command: runs {@link Rf4j} on the process's arguments and exits with its code. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        // Ctrl-C or SIGTERM before the command returns: say so in one line (the atomic writer's own hook
        // removes the partial output, so nothing is left behind)
        java.util.concurrent.atomic.AtomicBoolean finished = new java.util.concurrent.atomic.AtomicBoolean();
        Thread notice = new Thread(() -> {
            if (!finished.get()) {
                System.err.println("rf4j: interrupted; nothing was written");
                System.err.flush();
            }
        }, "rf4j-interrupt-notice");
        Runtime.getRuntime().addShutdownHook(notice);
        int code = Rf4j.run(args, out, err, System.getenv());
        finished.set(true);
        out.flush();
        err.flush();
        System.exit(code);
    }
}
