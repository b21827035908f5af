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
package org.rf4j.api.random;

import java.util.random.RandomGenerator;
import org.rf4j.api.Matrix;
import org.apiguardian.api.API;

/** Uniform subsets without replacement, by a partial Fisher–Yates shuffle. */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Subsets {
    private Subsets() {
    }

    /**
     * A permutation of 0…n−1 whose first {@code count} entries are a uniform draw of that many distinct
     * indices in draw order: step i swaps entry i with entry {@code i + rng.nextInt(n − i)}, one draw
     * per chosen index. The entries past {@code count} are the rest, in no particular order.
     */
    public static int[] partialShuffle(int n, int count, RandomGenerator rng) {
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i;
        }
        for (int i = 0; i < count; i++) {
            int j = i + rng.nextInt(n - i);
            int t = idx[i];
            idx[i] = idx[j];
            idx[j] = t;
        }
        return idx;
    }

    /** {@code count} (≤ n) distinct rows of x, drawn uniformly ({@link #partialShuffle}), in draw order. */
    public static Matrix rows(Matrix x, int count, RandomGenerator rng) {
        int d = x.cols();
        int[] idx = partialShuffle(x.rows(), count, rng);
        Matrix out = Matrix.zeros(count, d);
        for (int i = 0; i < count; i++) {
            System.arraycopy(x.data(), idx[i] * d, out.data(), i * d, d);
        }
        return out;
    }
}
