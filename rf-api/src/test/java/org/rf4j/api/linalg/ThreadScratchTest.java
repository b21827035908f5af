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

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ThreadScratchTest {
    @Test
    void oneArrayPerThreadAndRoleGrownToTheLargestSize() throws Exception {
        ThreadScratch role = new ThreadScratch();
        double[] a = role.doubles(8);
        assertThat(a).hasSize(8);
        assertThat(role.doubles(5)).isSameAs(a);
        double[] b = role.doubles(9);
        assertThat(b).hasSize(9).isNotSameAs(a);
        assertThat(role.doubles(8)).isSameAs(b);
        assertThat(new ThreadScratch().doubles(8)).isNotSameAs(b);
        float[] f = role.floats(3);
        assertThat(role.floats(3)).isSameAs(f);
        AtomicReference<double[]> other = new AtomicReference<>();
        Thread t = new Thread(() -> other.set(role.doubles(8)));
        t.start();
        t.join();
        assertThat(other.get()).isNotNull().isNotSameAs(b);
    }
}
