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
import static org.assertj.core.api.Assertions.within;

import java.util.OptionalDouble;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.JointLaw;
import org.rf4j.api.mechanism.PointQuery;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.mechanism.ProjectionFeatureMap;
import org.rf4j.api.mechanism.SamplingPolicy;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.theory.BaseFeatureTheory;
import org.rf4j.theory.CouplingTheory;
import org.rf4j.theory.GeneralizedFeatureTheory;
import org.rf4j.theory.special.Complex;

/**
 * Where each closed-form MSE applies and what the estimator passes on: OPRF's MSE exists for iid,
 * Haar-orthogonal and simplex couplings (d ≥ 2) without a sampling policy and is empty otherwise;
 * the estimator scales the inputs by the kernel's input scale and hands the query to the sampling
 * policy when there is one; the parameter checks at their exact boundaries; a real GERF row that
 * overflows is refused whichever of its features overflows.
 */
class FeatureMapScopeTest {
    private static final Coupling IID = new FeatureMapTestSupport.TestIidCoupling();

    /** A coupling declaring a joint law (the theory dispatches on it), drawing iid rows. */
    private static Coupling withLaw(JointLaw law) {
        return new Coupling() {
            @Override
            public Spec spec() {
                return Spec.of("test-" + law);
            }

            @Override
            public Projection draw(int m, int d, RandomGenerator rng) {
                return IID.draw(m, d, rng);
            }

            @Override
            public JointLaw jointLaw() {
                return law;
            }
        };
    }

    /** A sampling policy that leaves the projections alone and reports the query it was handed. */
    private static SamplingPolicy recordingPolicy(boolean needsFit) {
        return new SamplingPolicy() {
            @Override
            public Spec spec() {
                return Spec.of("test-policy");
            }

            @Override
            public Projection adapt(Projection standard, ProjectionFeatureMap map, FeatureRequest request) {
                return standard;
            }

            @Override
            public boolean needsFit() {
                return needsFit;
            }

            @Override
            public OptionalDouble theoryMse(PointQuery q, ProjectionFeatureMap map) {
                return OptionalDouble.of(1000.0 * q.m() + q.x()[0] + 10 * q.y()[1]);
            }
        };
    }

    @Test
    void oprfMseIsTheClosedFormOfEachSupportedCouplingAndEmptyOtherwise() {
        OprfFeatures oprf = new OprfFeatures(0.6);
        double a = GeneralizedFeatureTheory.oprfA(0.6);
        double[] x = {0.3, -0.2, 0.1};
        double[] y = {0.2, 0.25, -0.1};
        int m = 9;
        assertThat(oprf.theoryMse(new PointQuery(KernelKind.GAUSSIAN, m, IID, null, x, y)).orElseThrow())
                .isEqualTo(GeneralizedFeatureTheory.gerfMse(KernelKind.GAUSSIAN, Complex.real(a), 1, x, y, m));
        assertThat(oprf.theoryMse(new PointQuery(KernelKind.SOFTMAX, m, withLaw(JointLaw.HAAR_ORTHOGONAL), null, x, y))
                .orElseThrow()).isEqualTo(GeneralizedFeatureTheory.orthogonalGerfMse(KernelKind.SOFTMAX, a, x, y, m));
        // the simplex closed form needs d ≥ 2: defined at d = 2, empty at d = 1
        double[] x2 = {0.3, -0.2};
        double[] y2 = {0.2, 0.25};
        assertThat(oprf.theoryMse(new PointQuery(KernelKind.GAUSSIAN, m, withLaw(JointLaw.SIMPLEX), null, x2, y2))
                .orElseThrow()).isEqualTo(GeneralizedFeatureTheory.coupledGerfMse(KernelKind.GAUSSIAN, a, x2, y2, m,
                        CouplingTheory.Geometry.SIMPLEX));
        assertThat(oprf.theoryMse(new PointQuery(KernelKind.GAUSSIAN, m, withLaw(JointLaw.SIMPLEX), null,
                new double[] {0.3}, new double[] {0.2}))).isEmpty();
        assertThat(oprf.theoryMse(new PointQuery(KernelKind.GAUSSIAN, m, withLaw(JointLaw.OTHER), null, x, y))).isEmpty();
        assertThat(oprf.theoryMse(new PointQuery(KernelKind.GAUSSIAN, m, IID, recordingPolicy(false), x, y))).isEmpty();
        // a real GERF with s = +1 is an OPRF: the same coupling-aware closed form
        assertThat(new GerfFeatures(Complex.real(a), 1).theoryMse(new PointQuery(KernelKind.SOFTMAX, m,
                withLaw(JointLaw.HAAR_ORTHOGONAL), null, x, y)).orElseThrow())
                .isEqualTo(GeneralizedFeatureTheory.orthogonalGerfMse(KernelKind.SOFTMAX, a, x, y, m));
    }

    @Test
    void rhoIsAnyNumberInTheHalfOpenUnitInterval() {
        assertThat(new OprfFeatures(1.0).a()).isEqualTo(0.0);
        assertThat(new OprfFeatures(Double.MIN_VALUE).needsFit()).isFalse();
        for (double bad : new double[] {0.0, -0.5, Math.nextUp(1.0), Double.NaN}) {
            assertThatThrownBy(() -> new OprfFeatures(bad)).as("ρ = %s", bad).isInstanceOf(InvalidParameterException.class)
                    .hasMessageContaining("rho");
        }
    }

    @Test
    void gerfAccessorsReportTheConfiguredMechanism() {
        GerfFeatures g = new GerfFeatures(Complex.of(-0.1, 0.2), -1);
        assertThat(g.a()).isEqualTo(Complex.of(-0.1, 0.2));
        assertThat(g.s()).isEqualTo(-1);
        assertThat(g.fit()).isFalse();
        assertThat(GerfFeatures.fitted().fit()).isTrue();
    }

    /**
     * The estimator evaluates the closed form at the inputs times the kernel's input scale, with its
     * own m, and asks the sampling policy when there is one; it needs a fit when its map or its policy
     * does; a policy needs a projection-based map and the coupling must suit the map.
     */
    @Test
    void estimatorPassesScaledInputsAndItsCountToTheRightClosedForm() {
        Kernel kernel = Kernel.gaussian(2.0);
        double s = kernel.inputScale();
        double[] x = {0.8, -0.4};
        double[] y = {0.2, 0.6};
        PositiveFeatures positive = new PositiveFeatures();
        RandomFeaturesEstimator plain = new RandomFeaturesEstimator(Spec.of("random-features"), IID, positive, null, 12);
        double expected = positive.theoryMse(new PointQuery(KernelKind.GAUSSIAN, 12, IID, null,
                new double[] {0.8 * s, -0.4 * s}, new double[] {0.2 * s, 0.6 * s})).orElseThrow();
        assertThat(plain.theoryMse(kernel, x, y).orElseThrow()).isCloseTo(expected, within(1e-15 * expected));
        assertThat(plain.m()).isEqualTo(12);
        assertThat(plain.projectionCount(5)).isEqualTo(12);
        assertThat(plain.coupling()).isSameAs(IID);
        assertThat(plain.featureMap()).isSameAs(positive);
        assertThat(plain.sampling()).isNull();
        assertThat(plain.needsFit()).isFalse();

        SamplingPolicy policy = recordingPolicy(false);
        RandomFeaturesEstimator sampled = new RandomFeaturesEstimator(Spec.of("random-features"), IID, positive, policy, 7);
        assertThat(sampled.sampling()).isSameAs(policy);
        assertThat(sampled.theoryMse(kernel, x, y).orElseThrow()).isCloseTo(7000 + 0.8 * s + 6 * s, within(1e-12));
        assertThat(sampled.needsFit()).isFalse();
        assertThat(new RandomFeaturesEstimator(Spec.of("random-features"), IID, positive, recordingPolicy(true), 7).needsFit())
                .isTrue();
        assertThat(new RandomFeaturesEstimator(Spec.of("random-features"), IID, new OprfFeatures(), null, 7).needsFit())
                .isTrue();

        assertThatThrownBy(() -> new RandomFeaturesEstimator(Spec.of("random-features"), IID,
                new PoissonFeatures(false, 0.5, null, 0.05), policy, 7)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("sampling");
        assertThatThrownBy(() -> new RandomFeaturesEstimator(Spec.of("random-features"),
                new FeatureMapTestSupport.TestOrthogonalCoupling(), new PoissonFeatures(false, 0.5, null, 0.05), null, 7))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("coupling");
    }

    /**
     * A row whose largest real-GERF exponent passes the limit is refused, naming the row, wherever the
     * overflowing features are. A = 0, s = +1, softmax target, d = 1: feature j of x is
     * exp(w_j·x − x²/2)/√m, so with w = (−1, 30, 31, 2) and x = 30 the first and last are tiny and the
     * middle two overflow (exponents 450, 480 against a limit of ≈ 354). Row 0 is harmless, so the
     * check has to look at the features of row 1 themselves.
     */
    @Test
    void overflowingRealGerfRowIsRefusedWhicheverFeatureOverflows() {
        Projection w = new org.rf4j.api.mechanism.DenseProjection(Matrix.of(new double[][] {{-1}, {30}, {31}, {2}}));
        DrawnFeatures f = new DrawnGerfFeatures(w, KernelKind.SOFTMAX, Complex.ZERO, 1, "test");
        Matrix rows = Matrix.of(new double[][] {{0.1}, {30}});
        for (Side side : Side.values()) {
            assertThatThrownBy(() -> f.map(side, rows, null)).as("%s", side)
                    .isInstanceOf(InvalidInputException.class).hasMessageContaining("row 2 (1-based)");
        }
        // x = 12: exponents at most 31·12 − 72 = 300, below the limit: finite features e^{w·x − x²/2}/2
        double[] ok = f.map(Side.QUERY, Matrix.of(new double[][] {{12}}), null).data();
        assertThat(ok[2]).isCloseTo(Math.exp(300) / 2, within(1e-12 * Math.exp(300)));
    }

    @Test
    void drawnDiscreteFeaturesRejectASamplingPolicy() {
        assertThatThrownBy(() -> new PoissonFeatures(false, 0.5, null, 0.05).draw(new FeatureRequest(KernelKind.GAUSSIAN,
                2, 4, IID, recordingPolicy(false), Seeds.generator(1))))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("sampling");
    }

    /**
     * Hyperbolic features exp(±wᵀx − |x|²/2)/√(2m) (softmax target): a row is refused, naming it,
     * when either sign overflows. With w = (2, −100, 1) and x = ∓12 only the +/− block of feature 1
     * overflows (exponent 1200 − 72); row 0 is harmless, so the per-feature check must see row 1.
     */
    @Test
    void hyperbolicRowOverflowingInEitherBlockIsRefused() {
        Projection w = new org.rf4j.api.mechanism.DenseProjection(Matrix.of(new double[][] {{2}, {-100}, {1}}));
        DrawnFeatures f = new HyperbolicFeatures().bind(w, new FeatureRequest(KernelKind.SOFTMAX, 1, 3, IID, null, Seeds.generator(1)));
        for (double x : new double[] {12, -12}) {
            Matrix rows = Matrix.of(new double[][] {{0.1}, {x}});
            assertThatThrownBy(() -> f.map(Side.QUERY, rows, null)).as("x = %s", x)
                    .isInstanceOf(InvalidInputException.class).hasMessageContaining("row 2 (1-based)");
        }
        // x = 6: the largest exponent is 600 − 18; feature e^{−wᵀx − x²/2}/√6 of feature 1 is e^{582}/√6
        double[] ok = f.map(Side.QUERY, Matrix.of(new double[][] {{6}}), null).data();
        assertThat(ok[4]).isCloseTo(Math.exp(582) / Math.sqrt(6), within(1e-12 * Math.exp(582)));
        assertThat(ok[0]).isCloseTo(Math.exp(12 - 18) / Math.sqrt(6), within(1e-15));
    }

    /**
     * Positive, trigonometric, random-Fourier and hyperbolic maps: each closed form where it applies
     * (positive: iid, Haar-orthogonal, simplex for d ≥ 2 — from d = 2 on; trigonometric and random Fourier: iid and
     * Haar-orthogonal, random Fourier adding its phase term 1/(2m) converted to the target; hyperbolic:
     * iid), empty for other couplings and with a sampling policy.
     */
    @Test
    void baseMapMsesAreTheirClosedFormsWhereTheyApply() {
        double[] x = {0.3, -0.2, 0.1};
        double[] y = {0.2, 0.25, -0.1};
        double[] x1 = {0.3};
        double[] y1 = {0.2};
        int m = 6;
        Coupling orth = withLaw(JointLaw.HAAR_ORTHOGONAL);
        Coupling simplex = withLaw(JointLaw.SIMPLEX);
        Coupling other = withLaw(JointLaw.OTHER);
        SamplingPolicy policy = recordingPolicy(false);
        for (KernelKind kind : KernelKind.values()) {
            PositiveFeatures pos = new PositiveFeatures();
            assertThat(pos.theoryMse(new PointQuery(kind, m, IID, null, x, y)).orElseThrow())
                    .isEqualTo(BaseFeatureTheory.positiveMse(kind, x, y, m));
            assertThat(pos.theoryMse(new PointQuery(kind, m, orth, null, x, y)).orElseThrow())
                    .isEqualTo(CouplingTheory.positiveMse(kind, x, y, m, CouplingTheory.Geometry.ORTHOGONAL));
            assertThat(pos.theoryMse(new PointQuery(kind, m, simplex, null, x, y)).orElseThrow())
                    .isEqualTo(CouplingTheory.positiveMse(kind, x, y, m, CouplingTheory.Geometry.SIMPLEX));
            assertThat(pos.theoryMse(new PointQuery(kind, m, simplex, null, x1, y1))).isEmpty();
            double[] x2 = {0.3, -0.2};
            double[] y2 = {0.2, 0.25};
            assertThat(pos.theoryMse(new PointQuery(kind, m, simplex, null, x2, y2)).orElseThrow())
                    .isEqualTo(CouplingTheory.positiveMse(kind, x2, y2, m, CouplingTheory.Geometry.SIMPLEX));
            assertThat(pos.theoryMse(new PointQuery(kind, m, other, null, x, y))).isEmpty();
            assertThat(pos.theoryMse(new PointQuery(kind, m, IID, policy, x, y))).isEmpty();

            TrigonometricFeatures trig = new TrigonometricFeatures();
            double trigIid = BaseFeatureTheory.trigonometricMse(kind, x, y, m);
            double trigOrth = CouplingTheory.trigonometricOrthogonalMse(kind, x, y, m);
            assertThat(trig.theoryMse(new PointQuery(kind, m, IID, null, x, y)).orElseThrow()).isEqualTo(trigIid);
            assertThat(trig.theoryMse(new PointQuery(kind, m, orth, null, x, y)).orElseThrow()).isEqualTo(trigOrth);
            assertThat(trig.theoryMse(new PointQuery(kind, m, other, null, x, y))).isEmpty();
            assertThat(trig.theoryMse(new PointQuery(kind, m, IID, policy, x, y))).isEmpty();

            RandomFourierFeatures rff = new RandomFourierFeatures();
            // phase term ½/m for the Gaussian kernel, times e^{|x|²+|y|²} for softmax
            double phase = 0.5 / m * (kind == KernelKind.SOFTMAX ? Math.exp(0.14 + 0.1125) : 1.0);
            assertThat(rff.theoryMse(new PointQuery(kind, m, IID, null, x, y)).orElseThrow())
                    .isCloseTo(trigIid + phase, within(1e-14 * (trigIid + phase)));
            assertThat(rff.theoryMse(new PointQuery(kind, m, orth, null, x, y)).orElseThrow())
                    .isCloseTo(trigOrth + phase, within(1e-14 * (trigOrth + phase)));
            assertThat(rff.theoryMse(new PointQuery(kind, m, other, null, x, y))).isEmpty();
            assertThat(rff.theoryMse(new PointQuery(kind, m, IID, policy, x, y))).isEmpty();

            HyperbolicFeatures hyp = new HyperbolicFeatures();
            assertThat(hyp.theoryMse(new PointQuery(kind, m, IID, null, x, y)).orElseThrow())
                    .isEqualTo(BaseFeatureTheory.hyperbolicMse(kind, x, y, m));
            assertThat(hyp.theoryMse(new PointQuery(kind, m, orth, null, x, y))).isEmpty();
            assertThat(hyp.theoryMse(new PointQuery(kind, m, IID, policy, x, y))).isEmpty();
        }
    }

    /**
     * Positive features exp(wᵀx − |x|²/2)/√m (softmax target): with w = (−1, 40, 41, 2) and x = 40 the
     * middle two exponents are 800 and 840; row 0 is harmless, so the per-feature check must see row 1.
     */
    @Test
    void overflowingPositiveRowIsRefusedWhicheverFeatureOverflows() {
        Projection w = new org.rf4j.api.mechanism.DenseProjection(Matrix.of(new double[][] {{-1}, {40}, {41}, {2}}));
        DrawnFeatures f = new PositiveFeatures().bind(w, new FeatureRequest(KernelKind.SOFTMAX, 1, 4, IID, null, Seeds.generator(1)));
        assertThatThrownBy(() -> f.map(Side.KEY, Matrix.of(new double[][] {{0.1}, {40}}), null))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("row 2 (1-based)");
        // x = 20: exponents 41·20 − 200 = 620 at most
        double[] ok = f.map(Side.KEY, Matrix.of(new double[][] {{20}}), null).data();
        assertThat(ok[2]).isCloseTo(Math.exp(620) / 2, within(1e-12 * Math.exp(620)));
        assertThat(ok[0]).isCloseTo(Math.exp(-220) / 2, within(1e-12 * Math.exp(-220)));
    }

    /**
     * The per-projection family each base map declares (hybrid estimators choose their closed forms by
     * it), and random-Fourier features are signed (cosines with random phases), drawn or not.
     */
    @Test
    void baseMapsDeclareTheirFormAndSign() {
        assertThat(new PositiveFeatures().form()).isEqualTo(ProjectionFeatureMap.Form.POSITIVE);
        assertThat(new TrigonometricFeatures().form()).isEqualTo(ProjectionFeatureMap.Form.TRIGONOMETRIC);
        assertThat(new HyperbolicFeatures().form()).isEqualTo(ProjectionFeatureMap.Form.HYPERBOLIC);
        RandomFourierFeatures rff = new RandomFourierFeatures();
        assertThat(rff.form()).isEqualTo(ProjectionFeatureMap.Form.OTHER);
        assertThat(rff.positive()).isFalse();
        DrawnFeatures drawn = rff.draw(new FeatureRequest(KernelKind.GAUSSIAN, 2, 5, IID, null, Seeds.generator(2)));
        assertThat(drawn.positive()).isFalse();
    }
}
