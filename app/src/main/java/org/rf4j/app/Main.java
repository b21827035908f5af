package org.rf4j.app;

import java.io.PrintWriter;

/** The {@code rf4j} command: runs {@link Rf4j} on the process's arguments and exits with its code. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        int code = Rf4j.run(args, out, err, System.getenv());
        out.flush();
        err.flush();
        System.exit(code);
    }
}
