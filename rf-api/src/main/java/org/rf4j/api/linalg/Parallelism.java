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
package org.rf4j.api.linalg;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.ObjIntConsumer;
import java.util.function.Supplier;
import org.rf4j.api.InvalidParameterException;
import org.apiguardian.api.API;

/**
 * How many threads rf4j's batch kernels use, and the loop that spreads independent tasks over
 * them.
 *
 * <p>The default is the number of available processors; the system property
 * {@code rf4j.threads} or {@link #setDefault(int)} (the CLI's {@code --threads}) overrides it, and
 * {@link #callerThreads(int)} overrides both for the calling thread alone (a library caller that
 * owns its threads, such as one Spark task on a one-core executor slot).
 * Work is split into tasks whose boundaries do not depend on the thread count, and every output
 * entry is computed by one task with the same arithmetic whichever thread runs it, so results are
 * bit-identical for every thread count.
 *
 * <p>A {@link #forEach} call made from inside a task runs serially on the calling thread (no
 * nested fan-out, no oversubscription). Threads are daemon threads of one shared cached pool.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class Parallelism {
    private static final ExecutorService POOL = Executors.newCachedThreadPool(new ThreadFactoryImpl());
    private static final ThreadLocal<Boolean> IN_TASK = ThreadLocal.withInitial(() -> Boolean.FALSE);
    private static final int PROCESSORS = Runtime.getRuntime().availableProcessors();
    private static volatile int defaultThreads = initialDefault();
    /** The calling thread's own setting ({@link #callerThreads}), or null for the process default. */
    private static final ThreadLocal<Parallelism> CALLER = new ThreadLocal<>();

    private final int threads;
    /** Where the helper workers run: the caller's executor, or null for rf4j's shared pool. */
    private final Executor executor;

    private Parallelism(int threads) {
        this(threads, null);
    }

    private Parallelism(int threads, Executor executor) {
        this.threads = threads;
        this.executor = executor;
    }

    /** A fixed thread count (≥ 1). */
    public static Parallelism of(int threads) {
        if (threads < 1 || threads > 4096) {
            throw new InvalidParameterException("threads", threads, "an integer from 1 to 4096");
        }
        return new Parallelism(threads);
    }

    /** One thread. */
    public static Parallelism serial() {
        return new Parallelism(1);
    }

    /**
     * The current default: the calling thread's {@link #callerThreads(int)} scope, else
     * {@link #setDefault(int)}, else {@code -Drf4j.threads}, else the processor count.
     */
    public static Parallelism defaults() {
        Parallelism own = CALLER.get();
        return own != null ? own : new Parallelism(defaultThreads);
    }

    /**
     * Sets the thread count of rf4j calls made on the calling thread (1 to 4096) until the returned
     * scope is closed, which restores the thread's previous setting; other threads and the process
     * default are unaffected. For callers that own their threads:
     * {@code try (var s = Parallelism.callerThreads(1)) { map.transform(x); }}. Results do not
     * depend on it.
     */
    public static Scope callerThreads(int threads) {
        return callerThreads(threads, null);
    }

    /**
     * {@link #callerThreads(int)} with the helper workers run on the caller's {@code executor}
     * (null: rf4j's shared pool): the calling thread works too, so at most {@code threads - 1}
     * workers are handed to the executor, and with {@code threads == 1} it is never used. The
     * executor may run a worker late or on the calling thread; results do not depend on it.
     */
    public static Scope callerThreads(int threads, Executor executor) {
        Parallelism previous = CALLER.get();
        CALLER.set(new Parallelism(of(threads).threads, executor));
        Thread owner = Thread.currentThread();
        return () -> {
            if (Thread.currentThread() != owner) {
                throw new IllegalStateException("a callerThreads scope must be closed on the thread that opened it");
            }
            if (previous == null) {
                CALLER.remove();
            } else {
                CALLER.set(previous);
            }
        };
    }

    /** A {@link #callerThreads(int)} setting; closing it restores the thread's previous one. */
    @FunctionalInterface
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }

    /** Sets the process-wide default thread count; 0 restores the processor count. */
    public static void setDefault(int threads) {
        if (threads == 0) {
            defaultThreads = PROCESSORS;
            return;
        }
        defaultThreads = of(threads).threads;
    }

    private static int initialDefault() {
        String p = System.getProperty("rf4j.threads");
        if (p == null || p.isBlank()) {
            return PROCESSORS;
        }
        try {
            int t = Integer.parseInt(p.trim());
            return t == 0 ? PROCESSORS : of(t).threads;
        } catch (NumberFormatException e) {
            throw new InvalidParameterException("rf4j.threads", p, "an integer from 0 (all processors) to 4096");
        }
    }

    /** The thread count. */
    public int threads() {
        return threads;
    }

    /** True when the calling thread is running one of rf4j's parallel tasks. */
    public static boolean inTask() {
        return IN_TASK.get();
    }

    /**
     * Runs {@code body(scratch, i)} for every task {@code i < tasks}, on up to {@link #threads()}
     * threads; each participating thread gets one scratch object from {@code perWorker} (may be
     * null) and reuses it for all its tasks. If tasks throw, the exception of the lowest-numbered
     * failing task is rethrown (the same one a serial run would throw); tasks after it may be
     * skipped.
     */
    public <S> void forEach(int tasks, Supplier<S> perWorker, ObjIntConsumer<S> body) {
        if (tasks <= 0) {
            return;
        }
        int workers = Math.min(threads, tasks);
        if (workers <= 1 || IN_TASK.get()) {
            S scratch = perWorker == null ? null : perWorker.get();
            boolean outer = !IN_TASK.get();
            IN_TASK.set(Boolean.TRUE);
            try {
                for (int i = 0; i < tasks; i++) {
                    body.accept(scratch, i);
                }
            } finally {
                if (outer) {
                    IN_TASK.set(Boolean.FALSE);
                }
            }
            return;
        }
        Run<S> run = new Run<>(tasks, perWorker, body);
        Executor pool = executor != null ? executor : POOL;
        for (int w = 1; w < workers; w++) {
            pool.execute(run::work);
        }
        run.work();
        run.await();
        Throwable t = run.failure.get();
        if (t != null) {
            if (t instanceof RuntimeException re) {
                throw re;
            }
            if (t instanceof Error e) {
                throw e;
            }
            throw new IllegalStateException(t);
        }
    }

    /** {@link #forEach(int, Supplier, ObjIntConsumer)} without scratch. */
    public void forEach(int tasks, java.util.function.IntConsumer body) {
        forEach(tasks, null, (s, i) -> body.accept(i));
    }

    @Override
    public String toString() {
        return "Parallelism[" + threads + "]";
    }

    private static final class Run<S> {
        final int tasks;
        final Supplier<S> perWorker;
        final ObjIntConsumer<S> body;
        final AtomicInteger next = new AtomicInteger();
        final AtomicInteger done = new AtomicInteger();
        final AtomicInteger failedIndex = new AtomicInteger(Integer.MAX_VALUE);
        final AtomicReference<Throwable> failure = new AtomicReference<>();

        Run(int tasks, Supplier<S> perWorker, ObjIntConsumer<S> body) {
            this.tasks = tasks;
            this.perWorker = perWorker;
            this.body = body;
        }

        void work() {
            S scratch = null;
            boolean made = false;
            IN_TASK.set(Boolean.TRUE);
            try {
                int i;
                while ((i = next.getAndIncrement()) < tasks) {
                    try {
                        if (i < failedIndex.get()) {
                            if (!made) {
                                scratch = perWorker == null ? null : perWorker.get();
                                made = true;
                            }
                            body.accept(scratch, i);
                        }
                    } catch (Throwable t) {
                        fail(i, t);
                    } finally {
                        if (done.incrementAndGet() == tasks) {
                            synchronized (this) {
                                notifyAll();
                            }
                        }
                    }
                }
            } finally {
                IN_TASK.set(Boolean.FALSE);
            }
        }

        private synchronized void fail(int i, Throwable t) {
            if (i < failedIndex.get()) {
                failedIndex.set(i);
                failure.set(t);
            }
        }

        void await() {
            boolean interrupted = false;
            synchronized (this) {
                while (done.get() < tasks) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static final class ThreadFactoryImpl implements java.util.concurrent.ThreadFactory {
        private final AtomicInteger count = new AtomicInteger();

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "rf4j-compute-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        }
    }
}
