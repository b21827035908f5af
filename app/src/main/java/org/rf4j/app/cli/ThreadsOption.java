package org.rf4j.app.cli;

import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.linalg.Parallelism;
import picocli.CommandLine.Option;

/**
 * The {@code --threads} option of every command that computes (a picocli mixin). Results are
 * bit-identical for every thread count; the option only changes the speed.
 */
public final class ThreadsOption {
    @Option(names = "--threads", paramLabel = "T", defaultValue = "0",
            description = "Threads for the hot loops (default 0: -Drf4j.threads, else all processors); "
                    + "results are the same for every count.")
    int threads;

    /** A scope that restores the previous default on close. */
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }

    /** The thread count a run will use. */
    public int effective() {
        return threads > 0 ? threads : Parallelism.defaults().threads();
    }

    /**
     * Runs {@code task} so that parallel streams inside it use {@link #effective()} threads (a
     * pool of that size; the common pool otherwise). Results do not depend on it.
     */
    public <T> T run(java.util.function.Supplier<T> task) {
        if (threads == 0) {
            return task.get();
        }
        java.util.concurrent.ForkJoinPool pool = new java.util.concurrent.ForkJoinPool(threads);
        try {
            return pool.submit(task::get).join();
        } finally {
            pool.shutdown();
        }
    }

    /** Validates the option and makes it the default parallelism until the scope closes. */
    public Scope apply() {
        if (threads < 0) {
            throw new InvalidParameterException("--threads", threads, "0 (the default) or a positive integer");
        }
        if (threads == 0) {
            return () -> { };
        }
        int before = Parallelism.defaults().threads();
        Parallelism.setDefault(threads);
        return () -> Parallelism.setDefault(before);
    }
}
