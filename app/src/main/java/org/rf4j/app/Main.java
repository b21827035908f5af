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
