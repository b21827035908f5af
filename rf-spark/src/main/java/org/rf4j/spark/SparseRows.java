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
package org.rf4j.spark;

import java.util.List;
import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Row;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.SparseMatrix;

/**
 * The sparse route of {@link BlockMapper}: a block's vectors become one {@link SparseMatrix} (a
 * {@code SparseVector}'s stored entries, a dense vector's entries that are not {@code +0.0}) mapped
 * by the front door's {@code RandomFeatureMap.transform(SparseMatrix)}, O(nnz·m), with the bits the
 * dense route gives the same rows. Taken when a block holds a {@code SparseVector}, or when the dense
 * block buffer (block rows × d doubles) would exceed {@link #DENSE_LIMIT}, so memory stays bounded
 * by the stored entries for any d (HashingTF's 2¹⁸ columns).
 */
final class SparseRows {
    /** The largest dense block buffer, in doubles (32 MiB); wider blocks take the sparse route. */
    static final long DENSE_LIMIT = 1L << 22;

    /** Builds the exception for a non-finite entry: (its value, its 0-based index in the vector). */
    @FunctionalInterface
    interface NonFinite {
        InvalidInputException at(double value, int index);
    }

    private final SparseMatrix.Builder builder;

    SparseRows(int d) {
        this.builder = SparseMatrix.builder(d);
    }

    /** True if the block of {@code rows} should take the sparse route. */
    static boolean applies(List<Row> rows, int column, int d, int blockRows) {
        if ((long) blockRows * d > DENSE_LIMIT) {
            return true;
        }
        for (Row r : rows) {
            if (!r.isNullAt(column) && r.get(column) instanceof SparseVector) {
                return true;
            }
        }
        return false;
    }

    /** Appends a vector (of the block's size, already checked) as the next row. */
    void add(Vector vec, NonFinite bad) {
        if (vec instanceof SparseVector sv) {
            int[] idx = sv.indices();
            double[] val = sv.values();
            for (int k = 0; k < idx.length; k++) {
                if (!Double.isFinite(val[k])) {
                    throw bad.at(val[k], idx[k]);
                }
                builder.add(idx[k], val[k]);
            }
        } else {
            double[] val = vec instanceof DenseVector dv ? dv.values() : vec.toArray();
            for (int k = 0; k < val.length; k++) {
                if (!Double.isFinite(val[k])) {
                    throw bad.at(val[k], k);
                }
                if (Double.doubleToRawLongBits(val[k]) != 0L) {
                    builder.add(k, val[k]);
                }
            }
        }
        builder.endRow();
    }

    /** The rows added since the last call, as one batch (the builder is emptied for the next block). */
    SparseMatrix take() {
        SparseMatrix m = builder.build();
        builder.clear();
        return m;
    }
}
