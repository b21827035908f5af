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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;

class ParallelismTest {

    @Test
    void everyTaskRunsExactlyOnce() {
        AtomicIntegerArray hits = new AtomicIntegerArray(1000);
        Parallelism.of(4).forEach(1000, i -> hits.incrementAndGet(i));
        for (int i = 0; i < 1000; i++) {
            assertThat(hits.get(i)).isEqualTo(1);
        }
    }

    @Test
    void theLowestFailingTaskIsReported() {
        for (int rep = 0; rep < 20; rep++) {
            assertThatThrownBy(() -> Parallelism.of(3).forEach(200, i -> {
                if (i % 37 == 36) {
                    throw new InvalidInputException("task " + i);
                }
            })).isInstanceOf(InvalidInputException.class).hasMessage("task 36");
        }
    }

    @Test
    void nestedCallsRunSeriallyOnTheCallingThread() {
        AtomicIntegerArray inner = new AtomicIntegerArray(8 * 16);
        Parallelism.of(2).forEach(8, i -> {
            Thread me = Thread.currentThread();
            assertThat(Parallelism.inTask()).isTrue();
            Parallelism.of(4).forEach(16, j -> {
                assertThat(Thread.currentThread()).isSameAs(me);
                inner.incrementAndGet(i * 16 + j);
            });
        });
        for (int i = 0; i < inner.length(); i++) {
            assertThat(inner.get(i)).isEqualTo(1);
        }
        assertThat(Parallelism.inTask()).isFalse();
    }

    @Test
    void callerThreadsSetTheCallingThreadsCountUntilClosedAndNoOtherThreads() throws Exception {
        int process = Parallelism.defaults().threads();
        int other = process == 3 ? 5 : 3;
        try (Parallelism.Scope outer = Parallelism.callerThreads(other)) {
            assertThat(Parallelism.defaults().threads()).isEqualTo(other);
            try (Parallelism.Scope inner = Parallelism.callerThreads(1)) {
                assertThat(Parallelism.defaults().threads()).isEqualTo(1);
                int[] seen = new int[1];
                Thread t = new Thread(() -> seen[0] = Parallelism.defaults().threads());
                t.start();
                t.join();
                assertThat(seen[0]).isEqualTo(process);
            }
            assertThat(Parallelism.defaults().threads()).isEqualTo(other);
        }
        assertThat(Parallelism.defaults().threads()).isEqualTo(process);
        assertThatThrownBy(() -> Parallelism.callerThreads(0)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("threads").hasMessageContaining("0");
        assertThat(Parallelism.defaults().threads()).isEqualTo(process);
    }

    @Test
    void threadCountsAreValidated() {
        assertThatThrownBy(() -> Parallelism.of(0)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("threads");
        int before = Parallelism.defaults().threads();
        Parallelism.setDefault(3);
        assertThat(Parallelism.defaults().threads()).isEqualTo(3);
        Parallelism.setDefault(0);
        assertThat(Parallelism.defaults().threads()).isEqualTo(Runtime.getRuntime().availableProcessors());
        Parallelism.setDefault(before);
    }
}
