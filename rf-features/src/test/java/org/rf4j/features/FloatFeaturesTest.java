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
package org.rf4j.features;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.FloatMatrix;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.linalg.Parallelism;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.DenseProjection;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.mechanism.DrawnProjectionFeatures;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.testkit.MonteCarlo;
import org.rf4j.theory.GeneralizedFeatureTheory;
import org.rf4j.theory.special.Complex;

/**
 * The float path of the projection feature maps ({@link DrawnFeatures#mapFloat}) against the double
 * path at the same (float) inputs, entry by entry, within a bound derived from the arithmetic, not
 * fitted to the data.
 *
 * <p><b>The bound.</b> u = 2⁻²⁴. For feature j of row i, with {@code S = Σ_k |w_jk x_ik|}:
 * <ul>
 *   <li>projection: the float z is a float fma chain of d products with W rounded once, so
 *       {@code |z_f − z_d| ≤ γ_{d+2}·S}, γ_n = nu/(1 − nu) (d chain roundings, W's rounding, and the
 *       double path's own ≤ d·2⁻⁵³ folded into the extra term);</li>
 *   <li>exponential maps (positive, hyperbolic, OPRF): the argument {@code a = z + shift (+ ls)} gains the
 *       rounding of the double shift to float ({@code u·|shift + ls|}) and of the float sum
 *       ({@code u·(|z_f| + |shift + ls|)}), plus the double path's own argument roundings
 *       ({@code 2⁻⁵²·(|z| + |shift| + |ls|)}); then {@code |φ_f/φ_d − 1| ≤ expm1(|Δa|)(1 + e) + e} with
 *       e = 2⁻²³ + 2⁻⁵² (expf within 1 ulp, measured exhaustively in rf-vector's ExactMathFloatTest;
 *       the double exp within 1 ulp). A column factor applied in float
 *       (importance weights, the hyperbolic map) adds its rounding and the product's: 2u relative. A
 *       feature that underflows float (below 2⁻¹²⁶) is only within 2⁻¹⁴⁷ absolutely;</li>
 *   <li>trigonometric maps: cos/sin are 1-Lipschitz, so the unscaled feature is within
 *       {@code f·(|Δarg| + 2⁻²³)} (sinf/cosf within 1 ulp, ulp ≤ 2⁻²³ on [−1, 1]) plus the roundings
 *       of f, the column factor and the two products, {@code 4u·f}; the random-Fourier argument adds the
 *       phase's rounding {@code 2π·u} and the sum's {@code u·(|z_f| + 2π)}.</li>
 * </ul>
 *
 * <p><b>What it detects.</b> A wrong shift (rounded from the wrong value, a missing row factor or
 * folded log-scale: an error of ≥ 2⁻²⁴·|shift| more than the bound allows is seen at the rows with
 * the largest shifts), a skipped or doubled column factor (a factor 1/√m, far outside), a
 * projection against the wrong (e.g. unrounded-then-truncated or transposed) W, and any systematic
 * bias above a few float ulps per entry. It cannot see errors below the bound (by design: they are
 * the float path's stated error).
 */
class FloatFeaturesTest {
    private static final double U = 0x1p-24;
    private static final double E_EXP = 0x1p-23 + 0x1p-52;
    private static final double TINY = 0x1p-147;

    /** The test kit's iid projections, optionally with importance weights in [½, 3/2) (to run the float column factor). */
    private record Iid(boolean weighted) implements Coupling {
        @Override
        public Spec spec() {
            return Spec.of(weighted ? "iid-weighted" : "iid");
        }

        @Override
        public Projection draw(int m, int d, RandomGenerator rng) {
            Projection p = new FeatureMapTestSupport.TestIidCoupling().draw(m, d, rng);
            return weighted ? new DenseProjection(p.matrix(), rng.doubles(m, 0.5, 1.5).toArray()) : p;
        }
    }

    private static DrawnFeatures draw(FeatureMap map, KernelKind kind, int d, int m, boolean weighted, long seed) {
        return map.draw(new FeatureRequest(kind, d, m, new Iid(weighted), null, Seeds.generator(seed)));
    }

    /** n float rows of d N(0, std²) entries, with every fifth row 3 times larger (larger exponents and shifts). */
    static FloatMatrix rows(int n, int d, double std, long seed) {
        RandomGenerator g = Seeds.generator(seed);
        FloatMatrix x = FloatMatrix.zeros(n, d);
        for (int i = 0; i < n; i++) {
            double s = i % 5 == 4 ? 3 * std : std;
            for (int k = 0; k < d; k++) {
                x.set(i, k, (float) (s * g.nextGaussian()));
            }
        }
        return x;
    }

    private static double gamma(int n) {
        return n * U / (1 - n * U);
    }

    /** Per-entry context: S, |z_d| and |x|² of row i against projection j. */
    private record Entry(double s, double z, double sq) {
    }

    private static Entry entry(Matrix w, FloatMatrix x, int i, int j) {
        double s = 0;
        double z = 0;
        double sq = 0;
        for (int k = 0; k < x.cols(); k++) {
            double xk = x.get(i, k);
            s += Math.abs(w.get(j, k) * xk);
            z += w.get(j, k) * xk;
            sq += xk * xk;
        }
        return new Entry(s, z, sq);
    }

    /** The relative bound of an exponential feature with argument shift {@code shift} (incl. any folded ls). */
    private static double expBound(double dz, double z, double shift, double ls, boolean floatColumnFactor) {
        double da = dz + U * Math.abs(shift + ls) + U * (Math.abs(z) + dz + Math.abs(shift + ls))
                + 0x1p-52 * (Math.abs(z) + Math.abs(shift) + Math.abs(ls));
        double rel = Math.expm1(da) * (1 + E_EXP) + E_EXP;
        return floatColumnFactor ? (1 + rel) * (1 + U) * (1 + U) - 1 : rel;
    }

    /** Result of one comparison: the largest error/bound ratio and the largest relative error. */
    private record Measured(double ratio, double rel) {
        Measured max(Measured o) {
            return new Measured(Math.max(ratio, o.ratio), Math.max(rel, o.rel));
        }
    }

    /** Compares φ_f and φ_d entry by entry under the map's bound; returns the worst ratio and relative error. */
    private static Measured compare(String map, DrawnFeatures f, KernelKind kind, boolean weighted, FloatMatrix x,
            Side side) {
        Projection projection = ((DrawnProjectionFeatures) f).projection();
        Matrix w = projection.matrix();
        double[] weights = projection.importanceWeights();
        int m = w.rows();
        int d = w.cols();
        FloatMatrix got = f.mapFloat(side, x, null);
        Matrix ref = f.map(side, x.toDouble(), null);
        int width = f.outputDimension();
        int blocks = width / m;
        double dzFactor = gamma(d + 2);
        double oprfB = 0;
        double[] colRe = null;
        if (map.equals("oprf")) {
            double a = GeneralizedFeatureTheory.oprfA(RHO);
            oprfB = Math.sqrt(1 - 4 * a);
            double logD = GeneralizedFeatureTheory.gerfLogD(Complex.real(a), d).re();
            colRe = new double[m];
            double[] wsq = w.rowSquaredNorms();
            for (int j = 0; j < m; j++) {
                colRe[j] = logD + a * wsq[j];
            }
        }
        double worst = 0;
        double worstRel = 0;
        for (int i = 0; i < x.rows(); i++) {
            for (int b = 0; b < blocks; b++) {
                for (int j = 0; j < m; j++) {
                    Entry e = entry(w, x, i, j);
                    double dz = dzFactor * e.s();
                    double fd = ref.get(i, b * m + j);
                    double ff = got.get(i, b * m + j);
                    double bound;
                    // the error is reported relative to |φ_d|, for trigonometric maps to their scale c·f
                    double scale = Math.abs(fd);
                    switch (map) {
                        case "positive" -> {
                            double shift = -0.5 * e.sq() + kind.logRowFactor(KernelKind.SOFTMAX, e.sq());
                            double ls = weighted ? 0.0 : Math.log(1 / Math.sqrt(m));
                            bound = expBound(dz, e.z(), shift, ls, weighted) * Math.abs(fd) + TINY;
                        }
                        case "hyperbolic" -> {
                            double shift = -0.5 * e.sq() + kind.logRowFactor(KernelKind.SOFTMAX, e.sq());
                            bound = expBound(dz, e.z(), shift, 0.0, true) * Math.abs(fd) + TINY;
                        }
                        case "oprf" -> {
                            // v = fl(fl(colRe) + fl(fl(B)·z_f)): B's, the product's, colRe's and the sum's roundings
                            double bz = oprfB * (Math.abs(e.z()) + dz);
                            double dv = oprfB * dz + 2 * U * bz + U * Math.abs(colRe[j]) + U * (Math.abs(colRe[j]) + bz)
                                    + 0x1p-52 * (Math.abs(colRe[j]) + bz);
                            double rowShift = -e.sq() + kind.logRowFactor(KernelKind.GAUSSIAN, e.sq());
                            bound = expBound(dv, Math.abs(colRe[j]) + bz, rowShift, 0.0, true) * Math.abs(fd) + TINY;
                        }
                        case "trigonometric", "random-fourier" -> {
                            double rowF = kind == KernelKind.SOFTMAX ? Math.exp(0.5 * e.sq()) : 1.0;
                            double c = (map.equals("trigonometric") ? 1 / Math.sqrt(m) : Math.sqrt(2.0 / m))
                                    * (weights == null ? 1.0 : Math.sqrt(weights[j]));
                            double darg = dz + 0x1p-52 * Math.abs(e.z());
                            if (map.equals("random-fourier")) {
                                darg += U * 2 * Math.PI + U * (Math.abs(e.z()) + dz + 2 * Math.PI) + 0x1p-52 * 2 * Math.PI;
                            }
                            scale = c * rowF;
                            bound = c * rowF * (darg + 0x1p-23 + 4 * U + 1e-15) + TINY;
                        }
                        default -> throw new IllegalArgumentException(map);
                    }
                    double err = Math.abs(ff - fd);
                    assertThat(err).as("%s %s %s m=%d d=%d row %d col %d: float %s vs double %s, bound %s", map, kind,
                            side, m, d, i, b * m + j, ff, fd, bound).isLessThanOrEqualTo(bound);
                    worst = Math.max(worst, err / bound);
                    if (scale > 0x1p-120) {
                        worstRel = Math.max(worstRel, err / scale);
                    }
                }
            }
        }
        return new Measured(worst, worstRel);
    }

    private static final double RHO = 0.4;

    private static FeatureMap map(String id) {
        return switch (id) {
            case "positive" -> new PositiveFeatures();
            case "hyperbolic" -> new HyperbolicFeatures();
            case "oprf" -> new OprfFeatures(RHO);
            case "trigonometric" -> new TrigonometricFeatures();
            case "random-fourier" -> new RandomFourierFeatures();
            default -> throw new IllegalArgumentException(id);
        };
    }

    private static final String[] MAPS = {"positive", "hyperbolic", "oprf", "trigonometric", "random-fourier"};

    @Test
    void everyFloatFeatureIsWithinItsDerivedBoundOfTheDoubleFeature() {
        StringBuilder report = new StringBuilder();
        for (String id : MAPS) {
            Measured worst = new Measured(0, 0);
            for (KernelKind kind : KernelKind.values()) {
                for (int d : new int[] {3, 64, 100}) {
                    for (int m : new int[] {1, 17, 256}) {
                        for (long seed : new long[] {1, 2}) {
                            // rows of norm ≈ 1 (every fifth ≈ 3): exponents up to ~±30, shifts up to −9·(1 or 2)
                            DrawnFeatures f = draw(map(id), kind, d, m, false, seed * 100 + d + m);
                            FloatMatrix x = rows(20, d, 1 / Math.sqrt(d), seed * 7 + d);
                            worst = worst.max(compare(id, f, kind, false, x, Side.QUERY));
                            worst = worst.max(compare(id, f, kind, false, x, Side.KEY));
                        }
                    }
                }
            }
            report.append(String.format("%s: max err/bound %.3f, max error relative to |φ_d| (trigonometric: to c·f) %.3g%n", id, worst.ratio(),
                    worst.rel()));
        }
        System.out.print(report);
    }

    /**
     * Maps without a native float row (here complex GERF, A = 0.1 + 0.2i, s = −1) inherit the default
     * hook: the float projection widened, the double row, each feature rounded once. Its error comes from
     * z alone: with L = ln D + A|w|² + B·z + C|x|², {@code |ΔRe L|, |ΔIm L| ≤ |B|·|Δz|}, so each realified
     * feature is within {@code mag·(expm1(|B||Δz|) + |B||Δz| + 3u)} (mag = e^{Re L}·c = the hypot of the
     * feature's Re and Im columns; 3u for the column factor's rounding, its product and the final rounding).
     */
    @Test
    void mapsWithoutANativeFloatRowUseTheDoubleRowOnTheFloatProjection() {
        Complex a = Complex.of(0.1, 0.2);
        double b = GeneralizedFeatureTheory.gerfB(a, -1).abs();
        for (int d : new int[] {3, 64}) {
            DrawnFeatures f = new GerfFeatures(a, -1).draw(new FeatureRequest(KernelKind.GAUSSIAN, d, 17,
                    new FeatureMapTestSupport.TestIidCoupling(), null, Seeds.generator(51)));
            Matrix w = ((DrawnProjectionFeatures) f).projection().matrix();
            FloatMatrix x = rows(25, d, 1 / Math.sqrt(d), 52);
            for (Side side : Side.values()) {
                FloatMatrix got = f.mapFloat(side, x, null);
                Matrix ref = f.map(side, x.toDouble(), null);
                for (int i = 0; i < 25; i++) {
                    for (int j = 0; j < 17; j++) {
                        double dz = b * gamma(d + 2) * entry(w, x, i, j).s();
                        double mag = Math.hypot(ref.get(i, j), ref.get(i, 17 + j));
                        double bound = mag * (Math.expm1(dz) + dz + 3 * U + 1e-15) + TINY;
                        for (int col : new int[] {j, 17 + j}) {
                            assertThat(Math.abs(got.get(i, col) - ref.get(i, col))).as("d=%d %s row %d col %d", d, side, i, col)
                                    .isLessThanOrEqualTo(bound);
                        }
                    }
                }
            }
        }
    }

    /** The default float row refuses a row whose finite double feature overflows float (here e^{100}), naming it. */
    @Test
    void theDefaultFloatRowRefusesAFeatureThatOverflowsFloat() {
        Matrix w = Matrix.zeros(2, 2);
        w.set(0, 0, 100);
        w.set(1, 1, 1);
        DrawnFeatures f = new DrawnProjectionFeatures(new DenseProjection(w), KernelKind.GAUSSIAN, 1, 1.0) {
            @Override
            public boolean positive() {
                return true;
            }

            @Override
            protected void fillRow(Side side, double[] z, int zOff, double sqNorm, int row, double[] out, int outOff) {
                for (int j = 0; j < m; j++) {
                    out[outOff + j] = Math.exp(z[zOff + j]);
                }
            }
        };
        FloatMatrix x = FloatMatrix.wrap(2, 2, new float[] {0.5f, 0, 1, 0});
        assertThatThrownBy(() -> f.mapFloat(Side.QUERY, x, null)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("row 2 (1-based)").hasMessageContaining("overflows float");
        assertThat(f.mapFloat(Side.QUERY, x.rowRange(0, 1), null).get(0, 0)).isEqualTo((float) Math.exp(50));
    }

    /** With importance weights the positive map's column factor is applied in float by the batch loop. */
    @Test
    void weightedColumnFactorsAreAppliedOnTheFloatPath() {
        for (String id : new String[] {"positive", "trigonometric"}) {
            for (int m : new int[] {1, 17, 256}) {
                DrawnFeatures f = draw(map(id), KernelKind.GAUSSIAN, 64, m, true, 5 + m);
                Measured w = compare(id, f, KernelKind.GAUSSIAN, true, rows(30, 64, 0.125, 6), Side.QUERY);
                assertThat(w.ratio()).isLessThanOrEqualTo(1.0);
            }
        }
    }

    /**
     * Gram estimates from float features agree with the double ones: each K̂ entry is a sum of products of
     * positive features each within relative ε of its double value (ε measured here and checked against the
     * per-entry bound, which is ≤ 2·10⁻⁵ at these sizes), so {@code |K̂_f − K̂_d| ≤ ((1 + ε)² − 1)·K̂_d} up to
     * the double sums' own rounding (≤ 1e-13 relative for 128 terms).
     */
    @Test
    void gramEstimatesFromFloatFeaturesAgreeWithTheDoubleOnes() {
        DrawnFeatures f = draw(new PositiveFeatures(), KernelKind.SOFTMAX, 16, 128, false, 11);
        FloatMatrix x = rows(10, 16, 0.25, 12);
        FloatMatrix y = rows(12, 16, 0.25, 13);
        assertThat(compare("positive", f, KernelKind.SOFTMAX, false, x, Side.QUERY).ratio()).isLessThanOrEqualTo(1);
        assertThat(compare("positive", f, KernelKind.SOFTMAX, false, y, Side.KEY).ratio()).isLessThanOrEqualTo(1);
        Matrix qd = f.map(Side.QUERY, x.toDouble(), null);
        Matrix kd = f.map(Side.KEY, y.toDouble(), null);
        Matrix qf = f.mapFloat(Side.QUERY, x, null).toDouble();
        Matrix kf = f.mapFloat(Side.KEY, y, null).toDouble();
        double eps = 0;
        for (Matrix[] pair : new Matrix[][] {{qf, qd}, {kf, kd}}) {
            for (int i = 0; i < pair[0].data().length; i++) {
                eps = Math.max(eps, Math.abs(pair[0].data()[i] / pair[1].data()[i] - 1));
            }
        }
        assertThat(eps).isLessThanOrEqualTo(2e-5);
        Matrix gd = org.rf4j.api.linalg.LinearAlgebra.multiplyTransposed(qd, kd, null);
        Matrix gf = org.rf4j.api.linalg.LinearAlgebra.multiplyTransposed(qf, kf, null);
        double tol = (1 + eps) * (1 + eps) - 1 + 1e-13;
        for (int i = 0; i < gd.data().length; i++) {
            assertThat(gf.data()[i]).isCloseTo(gd.data()[i], org.assertj.core.data.Offset.offset(tol * gd.data()[i]));
        }
    }

    /**
     * The float positive features' kernel estimate is unbiased: N = 40 000 single-projection estimates
     * {@code N·φ_f(x)_j·φ_f(y)_j} (iid given x, y) have mean e^{xᵀy} within {@link MonteCarlo#Z} standard
     * errors, and the check resolves a 5% bias. (The double path's unbiasedness is tested elsewhere; this
     * checks that the float path adds no bias of that size, e.g. a shift or scale off by a factor.)
     */
    @Test
    void floatPositiveFeaturesEstimateTheSoftmaxKernelWithoutBias() {
        int n = 40_000;
        float[] x = {0.3f, -0.2f, 0.4f};
        float[] y = {0.1f, 0.5f, -0.3f};
        DrawnFeatures f = draw(new PositiveFeatures(), KernelKind.SOFTMAX, 3, n, false, 21);
        float[] a = f.mapFloat(Side.QUERY, FloatMatrix.row(x), null).data();
        float[] b = f.mapFloat(Side.KEY, FloatMatrix.row(y), null).data();
        double[] z = new double[n];
        for (int j = 0; j < n; j++) {
            z[j] = (double) n * a[j] * b[j];
        }
        double exact = Math.exp((double) x[0] * y[0] + (double) x[1] * y[1] + (double) x[2] * y[2]);
        MonteCarlo.summarize(z).assertMeanMatches(exact, 0.05, "float positive features, softmax at xᵀy");
    }

    @Test
    void floatFeaturesAreBitIdenticalForEveryThreadCountAndChunking() {
        int before = Parallelism.defaults().threads();
        try {
            for (String id : MAPS) {
                // 700 × 256 × (100 + 32) multiply-adds ≥ 2²³: the batch is split over threads
                DrawnFeatures f = draw(map(id), KernelKind.SOFTMAX, 100, 256, false, 31);
                FloatMatrix x = rows(700, 100, 0.1, 32);
                Parallelism.setDefault(1);
                FloatMatrix one = f.mapFloat(Side.KEY, x, null);
                double[] c1 = new double[700];
                FloatMatrix s1 = f.mapStabilizedFloat(Side.KEY, x, null, c1);
                for (int t : new int[] {2, 3}) {
                    Parallelism.setDefault(t);
                    assertThat(f.mapFloat(Side.KEY, x, null)).as("%s threads %d", id, t).isEqualTo(one);
                    double[] ct = new double[700];
                    assertThat(f.mapStabilizedFloat(Side.KEY, x, null, ct)).isEqualTo(s1);
                    assertThat(ct).isEqualTo(c1);
                }
                // chunk boundaries: a row's features do not depend on the batch it is in
                for (int n : new int[] {1, 63, 64, 65, 200}) {
                    FloatMatrix part = f.mapFloat(Side.KEY, x.rowRange(0, n), null);
                    for (int i = 0; i < n; i++) {
                        assertThat(part.row(i)).as("%s n=%d row %d", id, n, i).isEqualTo(one.row(i));
                    }
                }
            }
        } finally {
            Parallelism.setDefault(before);
        }
    }

    /** ψ·e^c is φ on the float path: the stabilised float row is the float row up to its roundings. */
    @Test
    void stabilisedFloatFeaturesTimesTheirScaleAreTheFloatFeatures() {
        for (String id : new String[] {"positive", "hyperbolic"}) {
            DrawnFeatures f = draw(map(id), KernelKind.GAUSSIAN, 8, 40, false, 41);
            FloatMatrix x = rows(30, 8, 0.5, 42);
            FloatMatrix phi = f.mapFloat(Side.QUERY, x, null);
            double[] c = new double[30];
            FloatMatrix psi = f.mapStabilizedFloat(Side.QUERY, x, null, c);
            for (int i = 0; i < 30; i++) {
                for (int j = 0; j < f.outputDimension(); j++) {
                    double back = psi.get(i, j) * Math.exp(c[i]);
                    // both sides within ~1e-5 relative of the double feature (arguments up to ~30 in float)
                    assertThat(back).as("%s row %d col %d", id, i, j)
                            .isCloseTo(phi.get(i, j), org.assertj.core.data.Offset.offset(1e-5 * Math.abs(phi.get(i, j))));
                }
            }
        }
    }

    // --------------------------------------------------------------------- overflow guard in float

    private static final int GM = 16;

    /** x = e₁ and row {@code at} of W is (exponent + ½)·e₁: that feature's exponent wᵀx − |x|²/2 is the given one. */
    private static FloatMatrix guardMap(FeatureMap features, double exponent, int at, int rows) {
        Matrix w = Matrix.zeros(GM, 3);
        for (int j = 0; j < GM; j++) {
            if (j == at) {
                w.set(j, 0, exponent + 0.5);
            } else {
                w.set(j, j % 3, 0.25);
            }
        }
        DrawnFeatures f = features.draw(new FeatureRequest(KernelKind.SOFTMAX, 3, GM, new FeatureMapTestSupport.FixedCoupling(w), null, Seeds.generator(1)));
        FloatMatrix x = FloatMatrix.zeros(rows, 3);
        for (int i = 0; i < rows; i++) {
            x.set(i, 0, 1.0f);
        }
        return f.mapFloat(Side.QUERY, x, null);
    }

    /**
     * The positive map's float guard refuses exactly the rows with a feature that overflows float: its
     * argument is the exponent plus the folded log-scale ls = −ln 4 (m = 16), so the cut is at exponent
     * ln(FLT_MAX) + ln 4 ≈ 90.11. At 90.11 + ¼ the row is refused naming it; at 90.11 − ¼ it is mapped to
     * the finite exp(exponent)/4 (within the float path's bound: a few 1e-6 relative at this size). A
     * cutoff moved by ½ either way (or a guard that never runs) fails one of the two.
     */
    @Test
    void positiveFloatRowsAreRefusedExactlyWhereAFeatureOverflowsFloat() {
        double cut = Math.log(Float.MAX_VALUE) + Math.log(4);
        for (int at : new int[] {0, 7, 8, 15}) {
            assertThatThrownBy(() -> guardMap(new PositiveFeatures(), cut + 0.25, at, 3)).as("column %d", at)
                    .isInstanceOf(InvalidInputException.class).hasMessageContaining("row 1 (1-based)")
                    .hasMessageContaining("overflows float");
            FloatMatrix phi = guardMap(new PositiveFeatures(), cut - 0.25, at, 3);
            for (int i = 0; i < 3; i++) {
                assertThat(Float.isFinite(phi.get(i, at))).isTrue();
                // argument ≈ 88.5: |Δa| ≤ u·(88.5 + 88.5 + 1.9) + ... ≈ 1.1e-5, plus 2 ulp
                assertThat(phi.get(i, at) / (Math.exp(cut - 0.25) / 4)).isCloseTo(1.0,
                        org.assertj.core.data.Offset.offset(1.5e-5));
            }
        }
    }

    /** The hyperbolic map's two float exp passes: no folded factor, so the cut is at ln(FLT_MAX) ≈ 88.72 on either side. */
    @Test
    void hyperbolicFloatRowsAreRefusedOnEitherSide() {
        double cut = Math.log(Float.MAX_VALUE);
        for (double sign : new double[] {1, -1}) {
            for (int at : new int[] {0, 9}) {
                assertThatThrownBy(() -> guardMap(new HyperbolicFeatures(), sign * (cut + 0.75) - 0.5, at, 2))
                        .as("side %s column %d", sign, at)
                        .isInstanceOf(InvalidInputException.class).hasMessageContaining("overflows float");
                FloatMatrix phi = guardMap(new HyperbolicFeatures(), sign * (cut + 0.25) - 0.5, at, 2);
                int col = sign > 0 ? at : GM + at;
                assertThat(phi.get(1, col) / (Math.exp(cut - 0.25) / Math.sqrt(2 * GM)))
                        .isCloseTo(1.0, org.assertj.core.data.Offset.offset(1.5e-5));
            }
        }
    }

    /** The trigonometric softmax row factor e^{|x|²/2} in float: refused once it overflows float, not 709. */
    @Test
    void trigonometricSoftmaxRowFactorOverflowingFloatIsRefused() {
        DrawnFeatures f = draw(new TrigonometricFeatures(), KernelKind.SOFTMAX, 2, 4, false, 3);
        float big = (float) Math.sqrt(2 * (Math.log(Float.MAX_VALUE) + 0.25));
        float ok = (float) Math.sqrt(2 * (Math.log(Float.MAX_VALUE) - 0.25));
        assertThatThrownBy(() -> f.mapFloat(Side.QUERY, FloatMatrix.wrap(2, 2, new float[] {0, 0, big, 0}), null))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("row 2 (1-based)").hasMessageContaining("overflows float");
        for (float v : f.mapFloat(Side.QUERY, FloatMatrix.wrap(1, 2, new float[] {ok, 0}), null).data()) {
            assertThat(Float.isFinite(v)).isTrue();
        }
    }
}
