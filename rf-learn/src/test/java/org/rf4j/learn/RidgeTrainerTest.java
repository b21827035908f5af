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
package org.rf4j.learn;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rf4j.api.Matrix;
import org.rf4j.api.linalg.Gram;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.Side;
import org.rf4j.RandomFeatures;
import org.rf4j.config.ConfigLoader;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.config.RunConfig;

class RidgeTrainerTest {

    private static double accuracy(int[] p, int[] truth) {
        int ok = 0;
        for (int i = 0; i < p.length; i++) {
            if (p[i] == truth[i]) {
                ok++;
            }
        }
        return (double) ok / p.length;
    }

    /** Rings are not linearly separable: only a working kernel model classifies them well. */
    @Test
    void crossValidatedClassifierLearnsRingsAndReportsItsGrid() {
        Matrix x = Data.gaussian(600, 2, 1);
        int[] labels = Data.rings(x);
        Matrix test = Data.gaussian(400, 2, 2);
        int[] truth = Data.rings(test);
        RidgeTrainer.Options o = RidgeTrainer.Options.crossValidated(3, 7)
                .withLambdas(new double[] {1e-6, 1e-4, 1e-2, 1.0});
        RidgeTrainer.Result r = RidgeTrainer.train(RandomFeatures.fromConfig(Data.config("{\"id\": \"positive\"}", "orthogonal", 128, 1.0, 3)),
                x, Data.columns(2), "ring", Targets.classes(labels, List.of()), o);
        assertThat(r.grid()).hasSize(4 * RidgeTrainer.DEFAULT_SIGMA_FACTORS.length);
        RidgeModel model = r.model();
        assertThat(r.grid()).anySatisfy(g -> {
            assertThat(g.lambda()).isEqualTo(model.lambda());
            assertThat(g.sigma()).isEqualTo(model.sigma());
            assertThat(g.score()).isEqualTo(model.cvScore());
        });
        assertThat(model.cvScore()).isGreaterThan(0.9);
        assertThat(model.lambda()).isLessThan(1.0); // λ = 1 over-smooths: the CV must not pick it
        assertThat(model.classes()).containsExactly("0", "1", "2");
        assertThat(accuracy(model.predictClassIndex(test), truth)).isGreaterThan(0.9);
    }

    /**
     * Monte Carlo, fixed seeds: ridge on trigonometric features converges to exact kernel ridge as
     * m grows (Rahimi–Recht); the mean squared gap over 4 seeds falls by more than 4× from m = 32
     * to m = 512 (≈ 16× expected for an O(1/m) gap). Features estimating the wrong kernel (a σ
     * scaling lost, the wrong side) leave a gap that does not shrink and fail this.
     */
    @Test
    void featureRidgeConvergesToExactKernelRidge() {
        Matrix x = Data.gaussian(300, 3, 10);
        Matrix y = Matrix.wrap(300, 1, Data.smoothTarget(x, 0.1, 11));
        Matrix test = Data.gaussian(100, 3, 12);
        double lambda = 1e-3;
        double sigma = 1.5;
        Matrix exact = ExactKernelRidge.fit(Kernel.gaussian(sigma), x, y, lambda).predict(test);
        double[] gap = new double[2];
        int[] ms = {32, 512};
        for (int k = 0; k < 2; k++) {
            for (int s = 0; s < 4; s++) {
                RidgeTrainer.Result r = RidgeTrainer.train(RandomFeatures.fromConfig(Data.config("{\"id\": \"trigonometric\"}", "iid", ms[k], sigma,
                        100 + s)), x, Data.columns(3), null, Targets.values(y.data()), RidgeTrainer.Options.fixed(lambda, 1));
                double[] p = r.model().predictValues(test);
                for (int i = 0; i < 100; i++) {
                    gap[k] += Math.pow(p[i] - exact.get(i, 0), 2) / 400;
                }
            }
        }
        assertThat(gap[1]).isLessThan(gap[0] / 4);
        assertThat(gap[1]).isLessThan(0.01);
    }

    /**
     * An asymmetric map (complex exponential with A = 1.5·I: the query side maps Ax, the key side
     * (Aᵀ)⁻¹y, HRF Eq. 14–16; Gaussian kernel, so both are rescaled rows of the softmax map): the model trains on the key side
     * and predicts on the query side, i.e. f(x) = φ₁(x)ᵀW + b with (W, b) the ridge fit on φ₂(X),
     * recomputed here through the estimator directly. The map is checked to be asymmetric enough
     * that the swapped pairing differs, so a swapped side in the trainer or model fails this.
     */
    @Test
    void trainsOnTheKeySideAndPredictsOnTheQuerySide() {
        String config = Data.config("{\"id\": \"complex-exponential\", \"diagonalRe\": [1.5]}", "iid", 64, 2.0, 5);
        Matrix x = Data.gaussian(200, 3, 20);
        double[] y = Data.smoothTarget(x, 0.05, 21);
        Matrix test = Data.gaussian(30, 3, 22);
        double lambda = 1e-3;
        RidgeModel model = RidgeTrainer.train(RandomFeatures.fromConfig(config), x, Data.columns(3), null, Targets.values(y),
                RidgeTrainer.Options.fixed(lambda, 1)).model();
        RunConfig rc = new ConfigLoader(MechanismRegistry.discover(), new com.fasterxml.jackson.databind.ObjectMapper())
                .parse(config, "test", java.nio.file.Path.of(""));
        Estimator est = rc.estimator();
        DrawnEstimator e = est.fitIfNeeded(rc.kernel(), DataSample.symmetric(x), rc.seed())
                .draw(new EstimatorRequest(rc.kernel(), 3, rc.seed()));
        Matrix yy = Matrix.wrap(200, 1, y);
        LinearFit keyFit = RidgeSolver.dual(e.features(Side.KEY, x, null), yy, lambda);
        double[] expected = keyFit.predict(e.features(Side.QUERY, test, null)).data();
        double[] got = model.predictValues(test);
        for (int i = 0; i < 30; i++) {
            assertThat(got[i]).isCloseTo(expected[i], org.assertj.core.data.Offset.offset(1e-9));
        }
        double[] swapped = RidgeSolver.dual(e.features(Side.QUERY, x, null), yy, lambda)
                .predict(e.features(Side.KEY, test, null)).data();
        double diff = 0;
        for (int i = 0; i < 30; i++) {
            diff = Math.max(diff, Math.abs(swapped[i] - expected[i]));
        }
        assertThat(diff).as("the map must be asymmetric for this test to see a swap").isGreaterThan(1e-3);
    }

    @Test
    void holdOutAndStandardisation() {
        Matrix x = Data.gaussian(300, 2, 30);
        for (int i = 0; i < 300; i++) {
            x.data()[2 * i + 1] = 1000 + 100 * x.data()[2 * i + 1]; // a column on another scale
        }
        int[] labels = new int[300];
        for (int i = 0; i < 300; i++) {
            labels[i] = x.get(i, 0) > 0.3 ? 1 : 0;
        }
        RidgeTrainer.Options o = new RidgeTrainer.Options(new double[] {1e-4, 1e-2}, new double[] {1.0, 2.0}, 0, 0.25, 3, true);
        RidgeTrainer.Result r = RidgeTrainer.train(RandomFeatures.fromConfig(Data.config("{\"id\": \"trigonometric\"}", "orthogonal", 64, 1.0, 1)),
                x, Data.columns(2), null, Targets.classes(labels, List.of("neg", "pos")), o);
        assertThat(r.grid()).hasSize(4);
        assertThat(r.model().standardizer()).isNotNull();
        assertThat(r.model().classes()).containsExactly("neg", "pos");
        assertThat(r.model().cvScore()).isGreaterThan(0.9);
    }

    /**
     * Cross-validation's dual route works from one Gram matrix of all rows per σ: each fold's
     * centred blocks must give the predictions of the dual system solved on the fold's rows alone,
     * for features with a large common offset (as positive features have), every fold and two λ.
     * A dropped or wrong centring term (r_a, r_b or s), the validation rows' wrong means or the
     * wrong n in nλ each move the predictions by far more than the 1e-9 allowed.
     */
    @Test
    void dualFoldsFromOneGramEqualTheFoldsOwnDualSystems() {
        Matrix phi = Data.gaussian(90, 120, 40);
        for (int i = 0; i < phi.data().length; i++) {
            phi.data()[i] = 3 + 0.5 * phi.data()[i] + 0.01 * (i % 120);
        }
        Matrix y = Matrix.wrap(90, 2, Data.smoothTarget(Data.gaussian(180, 1, 41), 0.1, 42));
        Matrix gram = Gram.rows(RidgeSolver.centred(phi, RidgeSolver.columnMeans(phi)));
        int[][] folds = RidgeTrainer.folds(90, RidgeTrainer.Options.crossValidated(4, 9));
        for (int[] val : folds) {
            int[] train = RidgeTrainer.complement(90, val);
            Matrix yt = RidgeTrainer.rows(y, train);
            RidgeTrainer.DualFold fold = new RidgeTrainer.DualFold(gram, train, val, yt);
            RidgeSolver.DualEquations own = new RidgeSolver.DualEquations(RidgeTrainer.rows(phi, train), yt);
            for (double lambda : new double[] {1e-5, 1e-2}) {
                Matrix expected = own.solve(lambda).predict(RidgeTrainer.rows(phi, val));
                Matrix got = fold.predict(lambda);
                for (int i = 0; i < expected.data().length; i++) {
                    assertThat(got.data()[i]).isCloseTo(expected.data()[i], org.assertj.core.data.Offset.offset(1e-9));
                }
            }
        }
    }

    /**
     * A predefined partition is used exactly: given the seeded folds as fold numbers, training gives
     * the seeded run's grid and model bit for bit; given another partition (folds by row index mod 3),
     * the grid's scores are those of that partition, recomputed here fold by fold with
     * {@link RidgeTrainer#crossValidate}. A predefined partition that was ignored, misread by one row
     * or re-shuffled fails the first or the second comparison.
     */
    @Test
    void predefinedFoldsAreUsedExactly() {
        Matrix x = Data.gaussian(150, 2, 51);
        int[] labels = Data.rings(x);
        RandomFeatures f = RandomFeatures.fromConfig(Data.config("{\"id\": \"trigonometric\"}", "iid", 32, 1.0, 4));
        RidgeTrainer.Options seeded = new RidgeTrainer.Options(new double[] {1e-4, 1e-2, 1.0}, new double[] {0.5, 1.0}, 3, 0,
                11, false);
        int[] ids = new int[150];
        int[][] folds = RidgeTrainer.folds(150, seeded);
        for (int k = 0; k < folds.length; k++) {
            for (int i : folds[k]) {
                ids[i] = k;
            }
        }
        Targets t = Targets.classes(labels, List.of());
        RidgeTrainer.Result a = RidgeTrainer.train(f, x, Data.columns(2), null, t, seeded);
        RidgeTrainer.Result b = RidgeTrainer.train(f, x, Data.columns(2), null, t, seeded.withFoldIds(ids));
        assertThat(b.grid()).isEqualTo(a.grid());
        assertThat(b.model().toJson()).isEqualTo(a.model().toJson());

        int[] mod3 = new int[150];
        for (int i = 0; i < 150; i++) {
            mod3[i] = i % 3;
        }
        RidgeTrainer.Options o = seeded.withFoldIds(mod3);
        assertThat(o.folds()).isEqualTo(3);
        int[][] byIndex = RidgeTrainer.folds(150, o);
        for (int k = 0; k < 3; k++) {
            for (int i : byIndex[k]) {
                assertThat(i % 3).isEqualTo(k);
            }
            assertThat(byIndex[k]).hasSize(50);
        }
        RidgeTrainer.Result c = RidgeTrainer.train(f, x, Data.columns(2), null, t, o);
        double[] lambdas = o.lambdas();
        for (double sigma : o.sigmas()) {
            Matrix phi = FeatureMaps.fit(f, sigma, x).keys(x);
            double[] scores = RidgeTrainer.crossValidate(phi, t, byIndex, lambdas);
            for (int li = 0; li < lambdas.length; li++) {
                double lam = lambdas[li];
                double expected = scores[li];
                assertThat(c.grid()).anySatisfy(g -> {
                    assertThat(g.sigma()).isEqualTo(sigma);
                    assertThat(g.lambda()).isEqualTo(lam);
                    assertThat(g.score()).isEqualTo(expected);
                });
            }
        }
        assertThat(c.grid()).isNotEqualTo(a.grid()); // a different partition: different scores on this data
    }

    /** Bad predefined partitions are refused, naming the key, the value and what is allowed. */
    @Test
    void badPredefinedFoldsAreRefused() {
        RidgeTrainer.Options o = RidgeTrainer.Options.crossValidated(5, 1);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> o.withFoldIds(new int[] {0, 0, 0}))
                .isInstanceOf(org.rf4j.api.InvalidParameterException.class).hasMessageContaining("at least 2 folds");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> o.withFoldIds(new int[] {0, 2, 0, 2}))
                .isInstanceOf(org.rf4j.api.InvalidParameterException.class).hasMessageContaining("no row in fold 1");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> o.withFoldIds(new int[] {0, 1, -1}))
                .isInstanceOf(org.rf4j.api.InvalidParameterException.class).hasMessageContaining("folds[2]");
        RidgeTrainer.Options two = o.withFoldIds(new int[] {0, 1, 0, 1});
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RidgeTrainer.folds(5, two))
                .isInstanceOf(org.rf4j.api.DimensionMismatchException.class).hasMessageContaining("4 rows but there are 5");
    }
}
