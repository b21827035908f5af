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
package org.rf4j.api.mechanism;

import org.rf4j.api.Matrix;
import org.apiguardian.api.API;

/**
 * Samples of the query and key data a mechanism tunes itself with (OPRF, discretely induced
 * RFs, clustering hybrids, importance sampling). Both are in kernel coordinates (already scaled).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record DataSample(Matrix query, Matrix key) {
    public DataSample {
        query.requireNonEmpty("query data").requireFinite("query data");
        key.requireNonEmpty("key data").requireFinite("key data").requireCols(query.cols(), "key data");
    }

    /** A sample of one pair (x, y): the pairwise optimum of CRT Theorems 3.3 and 3.4 (L = 1). */
    public static DataSample pair(double[] x, double[] y) {
        return new DataSample(Matrix.row(x), Matrix.row(y));
    }

    /** The same data on both sides. */
    public static DataSample symmetric(Matrix data) {
        return new DataSample(data, data);
    }

    /** The sample scaled by a factor (kernel input scale). */
    public DataSample scaled(double factor) {
        return factor == 1.0 ? this : new DataSample(query.scaled(factor), key.scaled(factor));
    }

    /** The O(n·d) statistics of this sample. */
    public DataStatistics statistics() {
        return DataStatistics.of(this);
    }

    public int dimension() {
        return query.cols();
    }
}
