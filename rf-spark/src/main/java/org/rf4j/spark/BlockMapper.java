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

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.linalg.DenseVector;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.rf4j.RandomFeatureMap;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.Parallelism;
import org.rf4j.api.RowNormException;

/**
 * The executor side of {@link RandomFeaturesModel#transform}: rebuilds the fitted map once per JVM
 * from the shipped fitted config (and, where needed, the driver's fit sample), then maps the
 * partition in blocks of rows through {@link RandomFeatureMap#transform(Matrix, Matrix)} — one GEMM
 * and one vectorised exp/sin/cos pass per block; the block's input buffer and its features buffer
 * are reused from block to block (a new features matrix per block was blockRows × width doubles,
 * 4 MiB at the defaults: a humongous allocation per block for the garbage collector). Per output
 * row it allocates what Spark's Row encoder takes: the feature array, its DenseVector, the values
 * array and the Row. Blocks with a {@code SparseVector}, and blocks too wide for a dense buffer, take
 * {@link SparseRows}' route instead (O(nnz·m), the same bits).
 *
 * <p>rf4j computes on the task's own thread ({@code threads} = 1, the default), or on up to
 * {@code threads} threads when the caller gives executors spare cores: the count is set for the
 * task's thread alone ({@link Parallelism#callerThreads}), never the JVM's processor count.
 *
 * <p>A row's features depend only on that row (the map is fixed; GEMM rows are independent), so
 * the output is the same bits whatever the partitioning and block size.
 */
final class BlockMapper implements MapPartitionsFunction<Row, Row> {
    private static final long serialVersionUID = 1L;
    /** Characters of a bad row's vector quoted in an error. */
    private static final int QUOTE = 120;

    private final String fittedConfig;
    private final Broadcast<double[]> sample;
    private final int d;
    private final int column;
    private final String columnName;
    private final boolean keys;
    private final int blockRows;
    private final int threads;

    BlockMapper(String fittedConfig, Broadcast<double[]> sample, int d, int column, String columnName, boolean keys,
            int blockRows, int threads) {
        this.fittedConfig = fittedConfig;
        this.sample = sample;
        this.d = d;
        this.column = column;
        this.columnName = columnName;
        this.keys = keys;
        this.blockRows = blockRows;
        this.threads = threads;
    }

    @Override
    public Iterator<Row> call(Iterator<Row> rows) {
        double[] s = sample == null ? null : sample.value();
        Matrix fitSample = s == null ? null : Matrix.wrap(s.length / d, d, s);
        RandomFeatureMap map;
        try (Parallelism.Scope own = Parallelism.callerThreads(threads)) {
            map = FrontDoor.rebuild(fittedConfig, fitSample);
        }
        TaskContext task = TaskContext.get();
        int partition = task == null ? 0 : task.partitionId();
        return new Blocks(rows, map, partition);
    }

    /** Pulls up to {@code blockRows} rows, maps them in one call, hands them out one by one. */
    private final class Blocks implements Iterator<Row> {
        private final Iterator<Row> in;
        private final RandomFeatureMap map;
        private final int partition;
        /** The dense block buffer, made on the first dense block (the sparse route needs none). */
        private double[] buffer;
        private SparseRows sparse;
        private final List<Row> pending = new ArrayList<>();
        /** The features of the last full block, reused as the next full block's output. */
        private Matrix full;
        private double[] out;
        private int width;
        private int next;
        private long seen;

        Blocks(Iterator<Row> in, RandomFeatureMap map, int partition) {
            this.in = in;
            this.map = map;
            this.partition = partition;
            this.width = map.outputDimension();
        }

        @Override
        public boolean hasNext() {
            if (next < pending.size()) {
                return true;
            }
            return in.hasNext() && fill();
        }

        @Override
        public Row next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            Row row = pending.get(next);
            double[] features = Arrays.copyOfRange(out, next * width, (next + 1) * width);
            next++;
            int n = row.length();
            Object[] values = new Object[n + 1];
            for (int j = 0; j < n; j++) {
                values[j] = row.get(j);
            }
            values[n] = new DenseVector(features);
            return RowFactory.create(values);
        }

        private boolean fill() {
            pending.clear();
            next = 0;
            while (pending.size() < blockRows && in.hasNext()) {
                pending.add(in.next());
            }
            int r = pending.size();
            Matrix z;
            try (Parallelism.Scope own = Parallelism.callerThreads(threads)) {
                z = features(r);
            } catch (RowNormException e) {
                // a row the map refuses (norm overflows, or degenerate features): name it as copy() does
                throw new InvalidInputException("column '" + columnName + "' in row " + (seen - r + e.row())
                        + " of partition " + partition + ": " + e.problem());
            }
            out = z.data();
            width = z.cols();
            return r > 0;
        }

        /** The features of the {@code r} pending rows, through the sparse or the dense route. */
        private Matrix features(int r) {
            Matrix z;
            if (SparseRows.applies(pending, column, d, blockRows)) {
                if (sparse == null) {
                    sparse = new SparseRows(d);
                }
                for (Row row : pending) {
                    long index = seen++;
                    Vector vec = vector(row, index);
                    sparse.add(vec, (value, at) -> nonFinite(vec, value, at, index));
                }
                Matrix reuse = r == blockRows ? full : null;
                z = keys ? map.transformKeys(sparse.take(), reuse) : map.transform(sparse.take(), reuse);
            } else {
                if (buffer == null) {
                    buffer = new double[blockRows * d];
                }
                for (int i = 0; i < r; i++) {
                    copy(pending.get(i), i);
                }
                Matrix block = Matrix.wrap(r, d, r == blockRows ? buffer : Arrays.copyOf(buffer, r * d));
                Matrix reuse = r == blockRows ? full : null;
                z = keys ? map.transformKeys(block, reuse) : map.transform(block, reuse);
            }
            if (r == blockRows) {
                full = z;
            }
            return z;
        }

        /** Copies the row's vector into the block buffer, checking its size and values. */
        private void copy(Row row, int r) {
            long index = seen++;
            Vector vec = vector(row, index);
            int base = r * d;
            if (vec instanceof DenseVector dv) {
                System.arraycopy(dv.values(), 0, buffer, base, d);
            } else if (vec instanceof SparseVector sv) {
                Arrays.fill(buffer, base, base + d, 0.0);
                int[] idx = sv.indices();
                double[] val = sv.values();
                for (int k = 0; k < idx.length; k++) {
                    buffer[base + idx[k]] = val[k];
                }
            } else {
                for (int j = 0; j < d; j++) {
                    buffer[base + j] = vec.apply(j);
                }
            }
            for (int j = base; j < base + d; j++) {
                if (!Double.isFinite(buffer[j])) {
                    throw nonFinite(vec, buffer[j], j - base, index);
                }
            }
        }

        /** The row's vector, checked to be present and of size d. */
        private Vector vector(Row row, long index) {
            Object v = row.isNullAt(column) ? null : row.get(column);
            if (!(v instanceof Vector vec)) {
                throw new InvalidInputException("column '" + columnName + "' is null in row " + index + " of partition "
                        + partition + "; every row needs a vector of size " + d);
            }
            if (vec.size() != d) {
                throw new DimensionMismatchException("column '" + columnName + "' has a vector of size " + vec.size()
                        + " in row " + index + " of partition " + partition + " but the model was fitted for size " + d);
            }
            return vec;
        }

        private InvalidInputException nonFinite(Vector vec, double value, int at, long index) {
            String text = vec.toString();
            return new InvalidInputException("column '" + columnName + "' has " + value + " at index " + at + " in row "
                    + index + " of partition " + partition + " ("
                    + (text.length() > QUOTE ? text.substring(0, QUOTE) + "..." : text) + "); every entry must be finite");
        }
    }
}
