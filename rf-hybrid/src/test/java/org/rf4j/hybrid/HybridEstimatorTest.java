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
package org.rf4j.hybrid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.GaussianKernel;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.kernel.SoftmaxKernel;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.LambdaEstimator;
import org.rf4j.spi.MechanismKind;
import org.rf4j.theory.BaseFeatureTheory;
import org.rf4j.theory.HybridTheory;

/**
 * {@link HybridEstimator} beyond its Monte Carlo laws: the projection budget it reports (sum of the
 * bases' for variant I, one shared draw for variant II), the fit stage (bases and λs fitted with their
 * own config paths, the estimator itself returned when nothing needs a fit), which closed forms it
 * claims to know (and that it claims none where Theorem 3.1 does not apply), and the size rule's message.
 */
class HybridEstimatorTest {
    private static final double[] X = {0.45, -0.3, 0.25};
    private static final double[] Y = {-0.1, 0.35, 0.5};

    private static LambdaEstimator lambda(Spec spec) {
        return Fixtures.REGISTRY.create(MechanismKind.LAMBDA_ESTIMATOR, "lambda", spec);
    }

    @Test
    void accessorsReturnWhatTheHybridWasBuiltFrom() {
        Estimator b0 = Fixtures.estimator(Fixtures.rf("hyperbolic", 4));
        Estimator b1 = Fixtures.estimator(Fixtures.rf("trigonometric", 4));
        LambdaEstimator l = lambda(Spec.of("angular", "n", 3L));
        HybridEstimator h = new HybridEstimator(Spec.of("hybrid"), List.of(b0, b1), List.of(l), false);
        assertThat(h.bases()).containsExactly(b0, b1);
        assertThat(h.lambdas()).containsExactly(l);
        assertThat(h.sharesProjections()).isFalse();
        assertThat(new HybridEstimator(Spec.of("hybrid"), List.of(b0, b1), List.of(l), true).sharesProjections()).isTrue();
        // the direct constructor refuses a wrong λ count with the rule, as the provider does
        assertThatThrownBy(() -> new HybridEstimator(Spec.of("hybrid"), List.of(b0, b1), List.of(l, l), false))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("'lambdas'")
                .hasMessageContaining("2 entries").hasMessageContaining("base.size() − 1 = 1");
    }

    /** Variant I draws every base's projections (their sum), variant II one draw (the largest); λs are not counted. */
    @Test
    void projectionCountIsTheSumOfTheBasesOrOneSharedDraw() {
        Spec angular = Spec.of("angular", "n", 7L);
        Estimator independent = Fixtures.estimator(Fixtures.hybrid(
                List.of(Fixtures.rf("hyperbolic", 4), Fixtures.rf("trigonometric", 6)), List.of(angular), false));
        assertThat(independent.projectionCount(3)).isEqualTo(10);
        Estimator shared = Fixtures.estimator(Fixtures.angularHybrid(5, 7, true));
        assertThat(shared.projectionCount(3)).isEqualTo(5);
        Estimator three = Fixtures.estimator(Fixtures.hybrid(List.of(Fixtures.rf("hyperbolic", 2),
                Fixtures.angularHybrid(3, 2, false), Fixtures.rf("positive", 5)), List.of(angular, angular), false));
        assertThat(three.projectionCount(3)).isEqualTo(2 + 6 + 5);
    }

    /**
     * A hybrid whose λ reads its centres from files and whose base is a clustering hybrid fitted from
     * files: fitting fits each with its own config path (the file keys {@code estimator.lambdas[0].…},
     * {@code estimator.base[0].…}), the result needs no fit and names no file, and a hybrid with
     * nothing to fit is returned as is. (A fit that dropped either part, or returned the unfitted
     * estimator, fails here.)
     */
    @Test
    void fitFitsEveryBaseAndLambdaAtItsOwnPath() {
        Matrix qc = Matrix.of(new double[][] {{0.4, 0.0, 0.0}, {-0.4, 0.0, 0.0}});
        Matrix kc = Matrix.of(new double[][] {{0.0, 0.4, 0.0}, {0.0, -0.4, 0.0}});
        Fixtures.FILES.put("hybrid-fit-qc.csv", qc);
        Fixtures.FILES.put("hybrid-fit-kc.csv", kc);
        Spec clusterFiles = Spec.of("cluster", "queryCentresFile", "hybrid-fit-qc.csv", "keyCentresFile",
                "hybrid-fit-kc.csv", "queryCluster", 1L, "keyCluster", 0L);
        Spec clusteringBase = Spec.of("clustering-hybrid", "m", 3L, "queryClusters", 1L, "keyClusters", 1L,
                "queryCentresFile", "hybrid-fit-qc.csv", "keyCentresFile", "hybrid-fit-kc.csv");
        Kernel kernel = SoftmaxKernel.INSTANCE;
        double[] inQ1 = {-0.5, 0.1, 0.0};
        double[] inK0 = {0.1, 0.3, 0.0};

        // only the λ needs a fit
        Spec lambdaOnly = Fixtures.hybrid(List.of(Fixtures.rf("hyperbolic", 3), Fixtures.rf("trigonometric", 3)),
                List.of(clusterFiles), false);
        assertThat(Fixtures.estimator(lambdaOnly).needsFit()).isTrue();
        HybridEstimator a = (HybridEstimator) Fixtures.fitted(lambdaOnly, kernel, null, 1);
        assertThat(a.needsFit()).isFalse();
        LambdaEstimator l = a.lambdas().get(0);
        assertThat(l.value(inQ1, inK0)).isEqualTo(1.0);
        assertThat(l.value(inK0, inK0)).isEqualTo(0.0);
        Spec fittedLambda = ((List<?>) a.spec().get("lambdas")).stream().map(Spec.class::cast).findFirst().orElseThrow();
        assertThat(fittedLambda.parameters()).doesNotContainKeys("queryCentresFile", "keyCentresFile")
                .containsEntry("queryCentres", List.of(0.4, 0.0, 0.0, -0.4, 0.0, 0.0));
        assertThat(a.draw(kernel, 3, 5).estimate(X, Y)).isFinite();

        // only a base needs a fit
        Spec baseOnly = Fixtures.hybrid(List.of(clusteringBase, Fixtures.rf("trigonometric", 3)),
                List.of(Spec.of("angular", "n", 2L)), false);
        assertThat(Fixtures.estimator(baseOnly).needsFit()).isTrue();
        HybridEstimator b = (HybridEstimator) Fixtures.fitted(baseOnly, kernel, null, 1);
        assertThat(b.needsFit()).isFalse();
        assertThat(b.bases().get(0).needsFit()).isFalse();
        Spec fittedBase = ((List<?>) b.spec().get("base")).stream().map(Spec.class::cast).findFirst().orElseThrow();
        assertThat(fittedBase.parameters()).containsKey("queryCentres").doesNotContainKey("queryCentresFile");
        assertThat(b.draw(kernel, 3, 5).estimate(X, Y)).isFinite();

        // nothing to fit: the same estimator
        Estimator plain = Fixtures.estimator(Fixtures.angularHybrid(3, 2, false));
        assertThat(plain.needsFit()).isFalse();
        assertThat(plain.fit(org.rf4j.api.mechanism.FitData.of(kernel, null))).isSameAs(plain);
    }

    /**
     * FitData's contract: fitted values are in kernel coordinates. Centre files are in the caller's
     * coordinates, so under a Gaussian kernel of bandwidth σ = 2 (inputs scaled by ½) the fitted
     * cluster λ must assign a raw point to the centre nearest in raw coordinates: x = (0.9, 0) is
     * nearest to raw centre (1, 0), but unscaled centres would compare its scaled image (0.45, 0)
     * with (1, 0) and (0, 0) and put it in cluster 1.
     */
    @Test
    void centreFilesOfAClusterLambdaAreScaledToKernelCoordinates() {
        Fixtures.FILES.put("hybrid-scale-qc.csv", Matrix.of(new double[][] {{1.0, 0.0}, {0.0, 0.0}}));
        Fixtures.FILES.put("hybrid-scale-kc.csv", Matrix.of(new double[][] {{0.0, 1.0}}));
        Spec spec = Fixtures.hybrid(List.of(Fixtures.rf("hyperbolic", 3), Fixtures.rf("trigonometric", 3)),
                List.of(Spec.of("cluster", "queryCentresFile", "hybrid-scale-qc.csv", "keyCentresFile",
                        "hybrid-scale-kc.csv", "queryCluster", 0L)), false);
        Kernel kernel = new GaussianKernel(2.0);
        HybridEstimator h = (HybridEstimator) Fixtures.fitted(spec, kernel, null, 1);
        double[] x = {0.9, 0.0};
        double[] y = {0.0, 0.8};
        // λ = 1 at (x, y): the hybrid is then exactly its first base (λ̂ deterministic)
        double s = kernel.inputScale();
        assertThat(h.lambdas().get(0).value(new double[] {x[0] * s, x[1] * s}, new double[] {y[0] * s, y[1] * s}))
                .isEqualTo(1.0);
        Estimator first = Fixtures.estimator(Fixtures.rf("hyperbolic", 3));
        double mse = h.theoryMse(kernel, x, y).orElseThrow();
        assertThat(mse).isCloseTo(first.theoryMse(kernel, x, y).orElseThrow(), within(1e-12 * mse));
        // the fitted spec carries the centres in kernel coordinates, as a clustering hybrid's fit does
        Spec fittedLambda = (Spec) ((List<?>) h.spec().get("lambdas")).get(0);
        assertThat(fittedLambda.get("queryCentres")).isEqualTo(List.of(0.5, 0.0, 0.0, 0.0));

        // a file on one side and an inline list (kernel coordinates, as in a fitted spec) on the other:
        // only the file is scaled; scaling the inline side too would move its centre to (0, 0.5)
        Spec mixed = Fixtures.hybrid(List.of(Fixtures.rf("hyperbolic", 3), Fixtures.rf("trigonometric", 3)),
                List.of(Spec.of("cluster", "queryCentresFile", "hybrid-scale-qc.csv", "keyCentres",
                        List.of(0.0, 1.0, 0.0, -1.0), "dimension", 2L, "queryCluster", 0L)), false);
        HybridEstimator hm = (HybridEstimator) Fixtures.fitted(mixed, kernel, null, 1);
        Spec mixedLambda = (Spec) ((List<?>) hm.spec().get("lambdas")).get(0);
        assertThat(mixedLambda.get("queryCentres")).isEqualTo(List.of(0.5, 0.0, 0.0, 0.0));
        assertThat(mixedLambda.get("keyCentres")).isEqualTo(List.of(0.0, 1.0, 0.0, -1.0));
    }

    /**
     * Where Theorem 3.1 gives no closed form the hybrid claims none: a λ without a second moment
     * (orthogonal sgn projections), a base without a closed form, shared projections with any pair of
     * bases other than the iid hyperbolic/trigonometric one. With one base and no λ it is that base.
     */
    @Test
    void theoryMseIsClaimedExactlyWhereAClosedFormExists() {
        Kernel k = SoftmaxKernel.INSTANCE;
        Spec hyp = Fixtures.rf("hyperbolic", 4);
        Spec trig = Fixtures.rf("trigonometric", 4);
        // λ without E[λ̂²]
        Spec ortLambda = Fixtures.hybrid(List.of(hyp, trig), List.of(Spec.of("angular", "n", 2L, "coupling",
                Spec.of("orthogonal"))), false);
        assertThat(Fixtures.estimator(ortLambda).theoryMse(k, X, Y)).isEmpty();
        // a base without a closed form (an unfitted clustering hybrid)
        Spec noTheoryBase = Fixtures.hybrid(List.of(Spec.of("clustering-hybrid", "m", 2L), trig),
                List.of(Spec.of("angular", "n", 2L)), false);
        assertThat(Fixtures.estimator(noTheoryBase).theoryMse(k, X, Y)).isEmpty();
        // shared projections: two trigonometric bases, or the bipolar pair with orthogonal projections
        assertThat(Fixtures.estimator(Fixtures.hybrid(List.of(trig, trig), List.of(Spec.of("angular", "n", 2L)), true))
                .theoryMse(k, X, Y)).isEmpty();
        // (orthogonal trigonometric bases each have a closed form, so only the pair rule refuses)
        Spec ortTrig = Spec.of("random-features", "coupling", Spec.of("orthogonal"), "features", Spec.of("trigonometric"),
                "m", 3L);
        assertThat(Fixtures.estimator(ortTrig).theoryMse(k, X, Y)).isPresent();
        assertThat(Fixtures.estimator(Fixtures.hybrid(List.of(ortTrig, ortTrig), List.of(Spec.of("angular", "n", 2L)), true))
                .theoryMse(k, X, Y)).isEmpty();
        // the iid bipolar pair does have one (Eq. 46)
        assertThat(Fixtures.estimator(Fixtures.angularHybrid(4, 2, true)).theoryMse(k, X, Y).orElseThrow())
                .isCloseTo(HybridTheory.angularHybridMse(X, Y, 4, 2, true), within(1e-12));
        // one base, no λ: the base's own MSE, shared or not
        double base = BaseFeatureTheory.trigonometricMse(org.rf4j.api.kernel.KernelKind.SOFTMAX, X, Y, 5);
        for (boolean shared : new boolean[] {false, true}) {
            Estimator single = Fixtures.estimator(Fixtures.hybrid(List.of(Fixtures.rf("trigonometric", 5)), List.of(), shared));
            assertThat(single.theoryMse(k, X, Y).orElseThrow()).as("shared %s", shared)
                    .isCloseTo(base, within(1e-12 * base));
        }
    }

    /** The heap branch of the size rule names the heap in MiB (not a shifted number) even at the array limit. */
    @Test
    void sizeRuleNamesTheHeapInMebibytes() {
        HybridEstimator h = (HybridEstimator) Fixtures.estimator(Fixtures.angularHybrid(2, 2, false));
        long heap = 100L << 20;
        assertThatThrownBy(() -> h.checkSize(Integer.MAX_VALUE - 8L, heap, 2)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("heap's maximum of 100 MiB and 2 threads")
                .hasMessageContaining("at most " + heap / HybridEstimator.BYTES_PER_FEATURE / 2 + " features per row")
                .hasMessageNotContaining("largest Java array");
    }
}
