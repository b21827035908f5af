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

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.Partitioner;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.storage.StorageLevel;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.linalg.Parallelism;
import org.rf4j.learn.GaussianProcess;
import org.rf4j.learn.Standardizer;
import scala.Tuple2;

/**
 * The training rows of a distributed Gaussian-process fit, in fixed blocks, so that every sum over
 * them comes out bit for bit the same for any partitioning and any input order: the rows (label,
 * vector) are put in a canonical order (lexicographic on their values; equal rows contribute equal
 * terms), numbered, and cut into blocks of {@code blockRows} consecutive rows, one partition each.
 * A block's sums are taken in row order on its executor; the blocks' sums are added in block order
 * on the driver (collected in block order, or read back one block at a time with
 * {@code toLocalIterator} when they are large). Spark's {@code treeAggregate}
 * combines partial results in the order tasks finish, which floating-point addition does not
 * forgive, so it is not used.
 */
final class GpBlocks implements Serializable {
    private static final long serialVersionUID = 1L;
    /** Block sums up to this size (all blocks) are collected at once; beyond it, read back one block at a time. */
    private static final double COLLECT_BYTES = 256.0 * 1024 * 1024;

    private final transient JavaRDD<double[]> blocks; // [y, x1..xd] per row
    private final long rows;
    private final int d;
    private final int blockRows;
    private final int threads;

    private GpBlocks(JavaRDD<double[]> blocks, long rows, int d, int blockRows, int threads) {
        this.blocks = blocks;
        this.rows = rows;
        this.d = d;
        this.blockRows = blockRows;
        this.threads = threads;
    }

    /**
     * The rows of {@code input} (vectors of size d, finite) and {@code label} (finite numbers),
     * checked, ordered and blocked; cached until {@link #release}.
     */
    static GpBlocks of(Dataset<?> dataset, String input, String label, int d, int blockRows, int threads) {
        JavaRDD<double[]> records = dataset.select(functions.col(input), functions.col(label).cast("double"))
                .toJavaRDD().mapPartitionsWithIndex((partition, it) -> checked(it, partition, input, label, d), false);
        JavaRDD<double[]> canonical = records.sortBy(Canonical::new, true, Math.max(1, records.getNumPartitions()));
        JavaRDD<Tuple2<Long, double[]>> numbered = canonical.zipWithIndex().map(Tuple2::swap);
        long n = numbered.count();
        if (n == 0) {
            throw new InvalidInputException("columns '" + input + "' and '" + label + "' have no rows to fit on (empty data)");
        }
        int count = (int) Math.min(Integer.MAX_VALUE, (n + blockRows - 1) / blockRows);
        JavaRDD<double[]> blocks = numbered.mapToPair(t -> t)
                .repartitionAndSortWithinPartitions(new BlockPartitioner(count, blockRows))
                .values().persist(StorageLevel.MEMORY_AND_DISK());
        return new GpBlocks(blocks, n, d, blockRows, threads);
    }

    long rows() {
        return rows;
    }

    void release() {
        blocks.unpersist(false);
    }

    /** Count, means and sums of squared deviations of the label and the columns: one block's, or all rows'. */
    record Moments(long n, double yMean, double yM2, double[] mean, double[] m2) implements Serializable {
        private static final long serialVersionUID = 1L;

        /** Chan, Golub and LeVeque's pairwise update: this block followed by {@code o}. */
        Moments then(Moments o) {
            long total = n + o.n;
            double[] mu = new double[mean.length];
            double[] s = new double[mean.length];
            for (int j = 0; j < mu.length; j++) {
                double delta = o.mean[j] - mean[j];
                mu[j] = mean[j] + delta * o.n / total;
                s[j] = m2[j] + o.m2[j] + delta * delta * ((double) n * o.n / total);
            }
            double dy = o.yMean - yMean;
            return new Moments(total, yMean + dy * o.n / total, yM2 + o.yM2 + dy * dy * ((double) n * o.n / total), mu, s);
        }
    }

    /** The label's and the columns' moments over all rows (Welford within a block, blocks in order). */
    Moments moments() {
        int width = d;
        List<Moments> parts = blocks.mapPartitions(it -> {
            long k = 0;
            double ym = 0;
            double ys = 0;
            double[] mu = new double[width];
            double[] s = new double[width];
            while (it.hasNext()) {
                double[] r = it.next();
                k++;
                double dy = r[0] - ym;
                ym += dy / k;
                ys += dy * (r[0] - ym);
                for (int j = 0; j < width; j++) {
                    double dx = r[j + 1] - mu[j];
                    mu[j] += dx / k;
                    s[j] += dx * (r[j + 1] - mu[j]);
                }
            }
            return List.of(new Moments(k, ym, ys, mu, s)).iterator();
        }).collect();
        Moments all = parts.get(0);
        for (int i = 1; i < parts.size(); i++) {
            all = all.then(parts.get(i));
        }
        return all;
    }

    /**
     * At most {@code size} rows (x only), every k-th in the canonical order, shuffled with the
     * seed: the sample the map, its bandwidth rule and the search centre are fitted on.
     */
    Matrix sample(int size, long seed) {
        long stride = Math.max(1, (rows + size - 1) / size);
        int b = blockRows;
        int width = d;
        List<double[]> picked = new ArrayList<>(blocks.mapPartitionsWithIndex((block, it) -> {
            List<double[]> out = new ArrayList<>();
            long index = (long) block * b;
            while (it.hasNext()) {
                double[] r = it.next();
                if (index++ % stride == 0) {
                    out.add(java.util.Arrays.copyOfRange(r, 1, width + 1));
                }
            }
            return out.iterator();
        }, false).collect());
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = picked.size() - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            double[] t = picked.get(i);
            picked.set(i, picked.get(j));
            picked.set(j, t);
        }
        Matrix x = Matrix.zeros(picked.size(), width);
        for (int i = 0; i < picked.size(); i++) {
            System.arraycopy(picked.get(i), 0, x.data(), i * width, width);
        }
        return x;
    }

    /** One block's sums: ΦᵀΦ (row-major), Φᵀt, tᵀt. */
    record Sums(double[] gram, double[] phiTy, double yy) implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    /**
     * One pass: the sufficient statistics of all rows under a feature spec, targets standardised
     * as t = (y − targetMean)/targetScale. Each block maps its rows in one call and sums in row
     * order; the blocks are added in block order.
     */
    GaussianProcess.Statistics statistics(GaussianProcess.FeatureSpec spec, double targetMean, double targetScale) {
        int width = d;
        int own = threads;
        JavaRDD<Sums> sums = blocks.mapPartitions(it -> {
            List<double[]> rs = new ArrayList<>();
            it.forEachRemaining(rs::add);
            Matrix x = Matrix.zeros(rs.size(), width);
            double[] t = new double[rs.size()];
            double yy = 0;
            for (int i = 0; i < rs.size(); i++) {
                double[] r = rs.get(i);
                System.arraycopy(r, 1, x.data(), i * width, width);
                t[i] = (r[0] - targetMean) / targetScale;
                yy += t[i] * t[i];
            }
            Matrix phi;
            Matrix g;
            double[] b;
            try (Parallelism.Scope scope = Parallelism.callerThreads(own)) {
                phi = spec.features(x);
                g = LinearAlgebra.transposeMultiply(phi, phi, null);
                b = LinearAlgebra.transposeMultiply(phi, t, new double[phi.cols()]);
            }
            return List.of(new Sums(g.data(), b, yy)).iterator();
        });
        int m = spec.features(Matrix.zeros(1, d)).cols();
        double bytes = 8.0 * m * (m + 1) * blocks.getNumPartitions();
        Iterator<Sums> it;
        JavaRDD<Sums> kept = null;
        if (bytes <= COLLECT_BYTES) {
            it = sums.collect().iterator(); // one job; the list is in block order
        } else {
            kept = sums.persist(StorageLevel.MEMORY_AND_DISK());
            kept.count(); // every block in parallel; read back below one block at a time, in block order
            it = kept.toLocalIterator();
        }
        try {
            Sums first = it.next();
            double[] g = first.gram().clone();
            double[] b = first.phiTy().clone();
            double yy = first.yy();
            while (it.hasNext()) {
                Sums s = it.next();
                for (int i = 0; i < g.length; i++) {
                    g[i] += s.gram()[i];
                }
                for (int i = 0; i < b.length; i++) {
                    b[i] += s.phiTy()[i];
                }
                yy += s.yy();
            }
            if (rows > Integer.MAX_VALUE) {
                throw new InvalidInputException("Gaussian process: " + rows + " rows; at most " + Integer.MAX_VALUE
                        + " are supported");
            }
            return new GaussianProcess.Statistics((int) rows, Matrix.wrap(b.length, b.length, g), b, yy, targetMean,
                    targetScale);
        } finally {
            if (kept != null) {
                kept.unpersist(false);
            }
        }
    }

    /** A partition's rows as [y, x...], each checked: a vector of size d, finite entries, a finite label. */
    private static Iterator<double[]> checked(Iterator<Row> it, int partition, String input, String label, int d) {
        List<double[]> out = new ArrayList<>();
        long index = 0;
        while (it.hasNext()) {
            Row row = it.next();
            Object v = row.isNullAt(0) ? null : row.get(0);
            if (!(v instanceof Vector vec)) {
                throw new InvalidInputException("column '" + input + "' is null in row " + index + " of partition "
                        + partition + "; every row needs a vector of size " + d);
            }
            if (vec.size() != d) {
                throw new DimensionMismatchException("column '" + input + "' has a vector of size " + vec.size()
                        + " in row " + index + " of partition " + partition + " but the first row has size " + d);
            }
            double y = row.isNullAt(1) ? Double.NaN : row.getDouble(1);
            if (!Double.isFinite(y)) {
                throw new InvalidInputException("column '" + label + "' is " + (row.isNullAt(1) ? "null" : y)
                        + " in row " + index + " of partition " + partition + "; labels must be finite numbers");
            }
            double[] r = new double[d + 1];
            r[0] = y;
            double[] x = vec.toArray();
            for (int j = 0; j < d; j++) {
                if (!Double.isFinite(x[j])) {
                    throw new InvalidInputException("column '" + input + "' has " + x[j] + " at index " + j + " in row "
                            + index + " of partition " + partition + "; every entry must be finite");
                }
                r[j + 1] = x[j];
            }
            out.add(r);
            index++;
        }
        return out.iterator();
    }

    /** The canonical order of rows: lexicographic on (label, vector) by {@link Double#compare}. */
    private static final class Canonical implements Comparable<Canonical>, Serializable {
        private static final long serialVersionUID = 1L;
        private final double[] r;

        Canonical(double[] r) {
            this.r = r;
        }

        @Override
        public int compareTo(Canonical o) {
            for (int j = 0; j < r.length; j++) {
                int c = Double.compare(r[j], o.r[j]);
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Canonical c && java.util.Arrays.equals(r, c.r);
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.hashCode(r);
        }
    }

    /** Row number k goes to block k / blockRows. */
    private static final class BlockPartitioner extends Partitioner {
        private static final long serialVersionUID = 1L;
        private final int count;
        private final int blockRows;

        BlockPartitioner(int count, int blockRows) {
            this.count = count;
            this.blockRows = blockRows;
        }

        @Override
        public int numPartitions() {
            return count;
        }

        @Override
        public int getPartition(Object key) {
            return (int) ((Long) key / blockRows);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof BlockPartitioner p && p.count == count && p.blockRows == blockRows;
        }

        @Override
        public int hashCode() {
            return 31 * count + blockRows;
        }
    }
}
