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
package org.rf4j.couplings;

import java.util.Arrays;
import java.util.random.RandomGenerator;
import org.rf4j.api.Matrix;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.random.Seeds;

/**
 * Speed harness (not a unit test; run its {@code main}): (1) drawing one simplex block against one
 * orthogonal block at d = 64 and 512 (target ratio ≤ 1.05); (2) projecting a batch with the HD
 * variants against the dense orthogonal projection for growing d (target ≥ 5× at d = 1024, gap
 * growing with d). Reports medians of repeated timings after warm-up.
 *
 * <p>Run: {@code ./mvnw -q -pl rf-couplings -am test-compile} then
 * {@code java -cp rf-couplings/target/classes:rf-couplings/target/test-classes:rf-api/target/classes:rf-plugins-spi/target/classes:rf-theory/target/classes org.rf4j.couplings.CouplingBenchmark}.
 */
public final class CouplingBenchmark {
    private CouplingBenchmark() {
    }

    private interface Task {
        void run();
    }

    private static double medianNanos(Task task, int reps, int inner) {
        double[] t = new double[reps];
        for (int r = 0; r < reps; r++) {
            long start = System.nanoTime();
            for (int i = 0; i < inner; i++) {
                task.run();
            }
            t[r] = (System.nanoTime() - start) / (double) inner;
        }
        Arrays.sort(t);
        return t[reps / 2];
    }

    private static volatile double sink;

    /** Entry point; optional argument: "quick" for fewer repetitions. */
    public static void main(String[] args) {
        boolean quick = args.length > 0 && args[0].equals("quick");
        boolean drawOnly = args.length > 0 && args[args.length - 1].equals("draw");
        RandomGenerator rng = Seeds.generator(1);
        if (args.length > 0 && args[args.length - 1].equals("givens")) {
            givensAndPadding(rng);
            return;
        }
        Coupling orth = new OrthogonalCoupling();
        Coupling simp = new SimplexCoupling();
        System.out.println("== drawing one block (m = d): simplex vs orthogonal ==");
        for (int d : new int[] {64, 512}) {
            int inner = d == 64 ? 200 : 1;
            int reps = quick ? 3 : (d == 64 ? 31 : 15);
            for (int warm = 0; warm < (d == 64 ? 3 : 1); warm++) {
                medianNanos(() -> sink += orth.draw(d, d, rng).count(), 3, inner);
                medianNanos(() -> sink += simp.draw(d, d, rng).count(), 3, inner);
            }
            // interleave to share machine noise
            double[] o = new double[reps];
            double[] s = new double[reps];
            for (int r = 0; r < reps; r++) {
                o[r] = medianNanos(() -> sink += orth.draw(d, d, rng).count(), 1, inner);
                s[r] = medianNanos(() -> sink += simp.draw(d, d, rng).count(), 1, inner);
            }
            Arrays.sort(o);
            Arrays.sort(s);
            double om = o[reps / 2];
            double sm = s[reps / 2];
            // the minimum is the least disturbed by other processes on a shared machine
            System.out.printf("d=%4d  orthogonal %10.1f us  simplex %10.1f us  ratio simplex/orthogonal: median %.3f,"
                    + " min %.3f%n", d, om / 1e3, sm / 1e3, sm / om, s[0] / o[0]);
        }
        if (drawOnly) {
            return;
        }
        System.out.println("== projecting a batch of n = 256 rows, m = d: dense orthogonal vs HD (k = 3) ==");
        int n = 256;
        for (int d : new int[] {128, 256, 512, 1024, 2048}) {
            Matrix x = Matrix.zeros(n, d);
            for (int i = 0; i < x.data().length; i++) {
                x.data()[i] = rng.nextGaussian();
            }
            Projection dense = orth.draw(d, d, rng);
            Projection hdo = new HdCoupling(BlockGeometry.ORTHOGONAL, 3).draw(d, d, rng);
            Projection hds = new HdCoupling(BlockGeometry.SIMPLEX, 3).draw(d, d, rng);
            Projection giv = new GivensCoupling(0, BlockGeometry.ORTHOGONAL).draw(d, d, rng);
            Matrix out = Matrix.zeros(n, d);
            int reps = quick || d >= 2048 ? 3 : 7;
            for (int warm = 0; warm < (d >= 1024 ? 1 : 3); warm++) {
                dense.apply(x, out);
                hdo.apply(x, out);
                hds.apply(x, out);
                giv.apply(x, out);
            }
            double td = medianNanos(() -> dense.apply(x, out), reps, 1);
            double to = medianNanos(() -> hdo.apply(x, out), reps, 1);
            double ts = medianNanos(() -> hds.apply(x, out), reps, 1);
            double tg = medianNanos(() -> giv.apply(x, out), reps, 1);
            System.out.printf("d=%4d  dense %9.2f ms  orthogonal-hd %7.2f ms (x%5.1f)  simplex-hd %7.2f ms (x%5.1f)"
                    + "  givens %7.2f ms (x%5.1f)%n", d, td / 1e6, to / 1e6, td / to, ts / 1e6, td / ts, tg / 1e6, td / tg);
        }
    }

    /**
     * Two costs of the couplings' robustness: projecting a batch (n = 256, m = d) with the Givens walk at the old count
     * d·⌈log₂ d⌉ and the new default 3·d·⌈log₂ d⌉ against dense orthogonal; and drawing orthogonal-hd
     * blocks at d = D − 1 (padded: each block checked for vanishing rows) against d = D (not checked).
     */
    private static void givensAndPadding(RandomGenerator rng) {
        System.out.println("== projecting n = 256 rows, m = d: givens old count, new default, dense orthogonal ==");
        int n = 256;
        for (int d : new int[] {64, 256, 1024}) {
            Matrix x = Matrix.zeros(n, d);
            for (int i = 0; i < x.data().length; i++) {
                x.data()[i] = rng.nextGaussian();
            }
            int log = 32 - Integer.numberOfLeadingZeros(d - 1);
            Projection dense = new OrthogonalCoupling().draw(d, d, rng);
            Projection old = new GivensCoupling(d * log, BlockGeometry.ORTHOGONAL).draw(d, d, rng);
            Projection now = new GivensCoupling(0, BlockGeometry.ORTHOGONAL).draw(d, d, rng);
            Matrix out = Matrix.zeros(n, d);
            for (int warm = 0; warm < 3; warm++) {
                dense.apply(x, out);
                old.apply(x, out);
                now.apply(x, out);
            }
            double td = medianNanos(() -> dense.apply(x, out), 7, 1);
            double to = medianNanos(() -> old.apply(x, out), 7, 1);
            double tn = medianNanos(() -> now.apply(x, out), 7, 1);
            System.out.printf("d=%4d  dense %8.2f ms  givens d*log %8.2f ms  givens 3*d*log %8.2f ms (x%.2f of old, x%.2f"
                    + " of dense)%n", d, td / 1e6, to / 1e6, tn / 1e6, tn / to, tn / td);
        }
        System.out.println("== drawing orthogonal-hd (k = 3), m = 4D: d = D - 1 (checked) vs d = D ==");
        for (int size : new int[] {64, 1024}) {
            Coupling hd = new HdCoupling(BlockGeometry.ORTHOGONAL, 3);
            int inner = size == 64 ? 2000 : 20;
            for (int warm = 0; warm < 3; warm++) {
                medianNanos(() -> sink += hd.draw(4 * size, size - 1, rng).count(), 1, inner);
                medianNanos(() -> sink += hd.draw(4 * size, size, rng).count(), 1, inner);
            }
            double tc = medianNanos(() -> sink += hd.draw(4 * size, size - 1, rng).count(), 7, inner);
            double tp = medianNanos(() -> sink += hd.draw(4 * size, size, rng).count(), 7, inner);
            System.out.printf("D=%4d  d = D-1: %9.1f us   d = D: %9.1f us%n", size, tc / 1e3, tp / 1e3);
        }
    }
}
