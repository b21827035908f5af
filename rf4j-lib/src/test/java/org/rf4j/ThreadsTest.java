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
package org.rf4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.Parallelism;

/** Threads belong to the caller: a map's or a builder's thread count and executor, and bits that ignore them. */
class ThreadsTest {
    /** Large enough to be split over threads (n·m·(d + 32) above the parallel threshold, several chunks). */
    private static final double[][] X = RandomFeaturesTest.data(4096, 32, 0.3, 7);
    private static final ExecutorService POOL = Executors.newFixedThreadPool(3);

    @AfterAll
    static void shutdown() {
        POOL.shutdownNow();
    }

    /** An executor that records every thread its tasks run on, and how many it was given. */
    private static final class Recording implements Executor {
        final AtomicInteger given = new AtomicInteger();
        final Set<Thread> ran = ConcurrentHashMap.newKeySet();

        @Override
        public void execute(Runnable task) {
            given.incrementAndGet();
            POOL.execute(() -> {
                ran.add(Thread.currentThread());
                task.run();
            });
        }
    }

    private static RandomFeatures config() {
        return RandomFeatures.gaussian(2.0).coupling("orthogonal").features("positive").m(64).seed(3);
    }

    @Test
    void aMapGivenOneThreadRunsOnTheCallingThreadAlone() {
        Recording helpers = new Recording();
        RandomFeatureMap map = config().fit(32).withThreads(1, helpers);
        assertThat(map.threads()).isEqualTo(1);
        try (Parallelism.Scope s = Parallelism.callerThreads(8, helpers)) {
            // the map's own setting wins over the calling thread's
            map.transform(X);
            map.transformKeys(X);
            map.gram(X, X);
        }
        assertThat(helpers.given.get()).isZero();
        assertThat(helpers.ran).isEmpty();
    }

    @Test
    void aMapGivenThreadsUsesTheCallersExecutorAndTheBitsDoNotChange() {
        RandomFeatureMap base = config().fit(X);
        Matrix one = base.withThreads(1).transform(Matrix.of(X));
        for (int threads : new int[] {2, 3, 4, 7}) {
            Recording helpers = new Recording();
            Matrix many = base.withThreads(threads, helpers).transform(Matrix.of(X));
            assertThat(many.data()).as("%d threads", threads).isEqualTo(one.data());
            assertThat(helpers.given.get()).as("%d threads", threads).isBetween(1, threads - 1);
            assertThat(helpers.ran).doesNotContain(Thread.currentThread());
        }
        assertThat(base.withThreads(4).transformKeys(X)).isDeepEqualTo(base.withThreads(1).transformKeys(X));
    }

    @Test
    void theBuildersThreadsReachFitTheMapAndTheAdvisor() {
        Recording helpers = new Recording();
        RandomFeatures one = config().threads(1, helpers);
        RandomFeatureMap map = one.fit(X);
        assertThat(map.threads()).isEqualTo(1);
        map.transform(X);
        double[][] small = RandomFeaturesTest.data(60, 3, 0.5, 11);
        org.rf4j.advise.AdviceRequest request = org.rf4j.advise.AdviceRequest.of(small, org.rf4j.api.kernel.Kernel.gaussian(1.0))
                .withM(16).withTrials(8).withPairs(16)
                .withCandidates(java.util.List.of("iid/positive", "orthogonal/positive", "iid/trigonometric"));
        org.rf4j.advise.Advice a1 = RandomFeatures.gaussian(1.0).threads(1, helpers).advise(request);
        assertThat(helpers.given.get()).isZero();

        Recording more = new Recording();
        org.rf4j.advise.Advice a3 = RandomFeatures.gaussian(1.0).threads(3, more).advise(request);
        assertThat(more.given.get()).isPositive();
        assertThat(a3.candidates()).hasSameSizeAs(a1.candidates());
        for (int i = 0; i < a1.candidates().size(); i++) {
            assertThat(a3.candidates().get(i).name()).isEqualTo(a1.candidates().get(i).name());
            assertThat(a3.candidates().get(i).measuredRelMse()).isEqualTo(a1.candidates().get(i).measuredRelMse());
        }
        assertThat(config().threads(4).fit(X).transform(X)).isDeepEqualTo(map.transform(X));
    }

    @Test
    void aThreadCountOutsideItsRangeIsRefusedNamingIt() {
        assertThatThrownBy(() -> config().threads(0)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("threads").hasMessageContaining("0");
        assertThatThrownBy(() -> config().fit(4).withThreads(5000)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("threads").hasMessageContaining("5000");
    }
}
