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
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.rf4j.RandomFeatures;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;

/**
 * {@link GaussianProcessTrainer}: the likelihood route is {@link GaussianProcess#fit} with named
 * columns, the cross-validated route scores held-out NLPD on the partition it is given, and the
 * evaluation's coverage, RMSE and NLPD are what their definitions say; the named columns are saved
 * and checked on load.
 */
class GaussianProcessTrainerTest {
    private static final RandomFeatures FEATURES = RandomFeatures.gaussian(1.0).features("trigonometric").m(32).seed(3);

    /** n rows of two columns, y = sin(2a) + 0.5·b + 0.3·N(0, 1). */
    private static double[][] rows(long seed, int n, double[] y) {
        SplittableRandom r = new SplittableRandom(seed);
        double[][] x = new double[n][];
        for (int i = 0; i < n; i++) {
            x[i] = new double[] {r.nextGaussian(), r.nextGaussian()};
            y[i] = Math.sin(2 * x[i][0]) + 0.5 * x[i][1] + 0.3 * r.nextGaussian();
        }
        return x;
    }

    @Test
    void likelihoodRouteIsTheFrontDoorsFitWithNamedColumns() {
        double[] y = new double[80];
        Matrix x = Matrix.of(rows(1, 80, y));
        GaussianProcessTrainer.Result r = GaussianProcessTrainer.train(FEATURES, x, List.of("a", "b"), "y", y,
                GaussianProcess.Options.defaults(), null);
        GaussianProcess direct = GaussianProcess.fit(FEATURES, x, y, GaussianProcess.Options.defaults());
        assertThat(r.model().toJson()).isEqualTo(direct.withColumns(List.of("a", "b"), "y").toJson());
        assertThat(r.grid()).isEmpty();
        assertThat(r.cvNlpd()).isNaN();
        assertThat(r.model().columns()).containsExactly("a", "b");
        assertThat(r.model().labelColumn()).isEqualTo("y");
        assertThat(r.model().inputDimension()).isEqualTo(2);
        assertThat(direct.columns()).isNull();

        GaussianProcess back = GaussianProcess.fromJson(r.model().toJson(), "test", null);
        assertThat(back.columns()).containsExactly("a", "b");
        assertThat(back.labelColumn()).isEqualTo("y");
        assertThat(back.toJson()).isEqualTo(r.model().toJson());
        // a file written before the columns were saved loads unnamed
        String old = direct.toJson().replaceFirst(",\\s*\"columns\" : null,\\s*\"labelColumn\" : null", "");
        assertThat(old).doesNotContain("columns");
        assertThat(GaussianProcess.fromJson(old, "test", null).columns()).isNull();

        String json = r.model().toJson();
        assertThatThrownBy(() -> GaussianProcess.fromJson(json.replace("\"b\"", "\"a\""), "m.json", null))
                .isInstanceOf(ModelFileException.class).hasMessageContaining("'columns'").hasMessageContaining("twice");
        assertThatThrownBy(() -> GaussianProcess.fromJson(json.replace("\"labelColumn\" : \"y\"", "\"labelColumn\" : \"b\""),
                "m.json", null)).isInstanceOf(ModelFileException.class).hasMessageContaining("'labelColumn'");
        assertThatThrownBy(() -> GaussianProcess.fromJson(json.replaceFirst("\"a\",\\s*\"b\"", "\"a\""), "m.json", null))
                .isInstanceOf(ModelFileException.class).hasMessageContaining("'columns' names 1").hasMessageContaining("2 inputs");
        assertThatThrownBy(() -> GaussianProcess.fromJson(json.replaceFirst("\\[\\s*\"a\",\\s*\"b\"\\s*\\]", "null"), "m.json",
                null)).isInstanceOf(ModelFileException.class).hasMessageContaining("'labelColumn'");
        assertThatThrownBy(() -> direct.withColumns(List.of("a"), null)).isInstanceOf(DimensionMismatchException.class);
        assertThatThrownBy(() -> direct.withColumns(List.of("a", "a"), null)).isInstanceOf(InvalidParameterException.class);
        assertThatThrownBy(() -> direct.withColumns(List.of("a", "y"), "y")).isInstanceOf(InvalidParameterException.class);
    }

    /**
     * Hold-out on a predefined partition (even rows train, odd rows validate): each grid point's
     * score is the NLPD of the GP fitted on the even rows at that scale, computed here from its
     * definition; the chosen scale is the lowest, and the final model is the front door's fit at
     * that scale on every row.
     */
    @Test
    void crossValidationScoresHeldOutNlpdAndRefitsAtTheBestScale() {
        int n = 60;
        double[] y = new double[n];
        Matrix x = Matrix.of(rows(2, n, y));
        int[] ids = new int[n];
        int[] even = new int[n / 2];
        int[] odd = new int[n / 2];
        for (int i = 0; i < n; i++) {
            ids[i] = i % 2;
            (i % 2 == 0 ? even : odd)[i / 2] = i;
        }
        double[] sigmas = {0.3, 1.0, 3.0};
        RidgeTrainer.Options cv = new RidgeTrainer.Options(RidgeTrainer.DEFAULT_LAMBDAS, sigmas, 0, 0, 1, true)
                .withFoldIds(ids);
        GaussianProcessTrainer.Result r = GaussianProcessTrainer.train(FEATURES, x, List.of("a", "b"), null, y,
                GaussianProcess.Options.defaults(), cv);
        assertThat(r.grid()).hasSize(3);
        int best = 0;
        for (int g = 0; g < 3; g++) {
            GaussianProcess f = GaussianProcess.fit(FEATURES, RidgeTrainer.rows(x, odd), pick(y, odd),
                    GaussianProcess.Options.defaults().withLengthScale(sigmas[g]));
            GaussianProcess.Prediction p = f.predict(RidgeTrainer.rows(x, even));
            double nlpd = 0;
            for (int i = 0; i < even.length; i++) {
                double v = p.predictiveVariance()[i];
                double e = y[even[i]] - p.mean()[i];
                nlpd -= Math.log(Math.exp(-e * e / (2 * v)) / Math.sqrt(2 * Math.PI * v));
            }
            nlpd /= even.length;
            // fold 0 validates the even rows, fold 1 the odd ones: the score is the mean of the two
            GaussianProcess f1 = GaussianProcess.fit(FEATURES, RidgeTrainer.rows(x, even), pick(y, even),
                    GaussianProcess.Options.defaults().withLengthScale(sigmas[g]));
            double nlpd1 = GaussianProcessTrainer.Evaluation.of(f1.predict(RidgeTrainer.rows(x, odd)), pick(y, odd)).nlpd();
            assertThat(r.grid().get(g).lengthScale()).isEqualTo(sigmas[g]);
            assertThat(r.grid().get(g).nlpd()).isCloseTo((nlpd + nlpd1) / 2, within(1e-12));
            if (r.grid().get(g).nlpd() <= r.grid().get(best).nlpd()) {
                best = g;
            }
        }
        assertThat(r.cvNlpd()).isEqualTo(r.grid().get(best).nlpd());
        assertThat(r.model().lengthScale()).isEqualTo(sigmas[best]);
        assertThat(r.model().toJson()).isEqualTo(GaussianProcess.fit(FEATURES, x, y,
                GaussianProcess.Options.defaults().withLengthScale(sigmas[best])).withColumns(List.of("a", "b"), null).toJson());
        assertThatThrownBy(() -> GaussianProcessTrainer.train(FEATURES, x, List.of("a", "b"), null, y,
                GaussianProcess.Options.defaults().withLengthScale(1.0), cv))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("lengthScale");
    }

    /**
     * Coverage, RMSE and NLPD by hand on two points, and by Monte Carlo: targets drawn from the
     * predicted N(μ, v) (fixed seed, 20,000 points) are covered 95% of the time, to 4 standard
     * errors of a proportion (±0.0062), and their NLPD is E[½log(2πv) + ½] to 4 standard errors
     * (the per-point spread of ½e²/v is √2/2). Planted: the NLPD or the coverage computed from the
     * latent instead of the predictive variance fails both.
     */
    @Test
    void evaluationIsCoverageRmseAndNlpdOfThePredictiveDistribution() {
        GaussianProcess.Prediction two = new GaussianProcess.Prediction(new double[] {0, 0}, new double[] {0.5, 3},
                new double[] {1, 4});
        GaussianProcessTrainer.Evaluation e = GaussianProcessTrainer.Evaluation.of(two, new double[] {1, 5});
        assertThat(e.coverage()).isEqualTo(0.5);
        assertThat(e.rmse()).isCloseTo(Math.sqrt(13), within(1e-15));
        double expected = (0.5 * Math.log(2 * Math.PI) + 0.5 + 0.5 * Math.log(8 * Math.PI) + 25.0 / 8) / 2;
        assertThat(e.nlpd()).isCloseTo(expected, within(1e-14));

        int n = 20_000;
        SplittableRandom rnd = new SplittableRandom(17);
        double[] mu = new double[n];
        double[] latent = new double[n];
        double[] v = new double[n];
        double[] y = new double[n];
        double entropy = 0;
        for (int i = 0; i < n; i++) {
            mu[i] = rnd.nextGaussian();
            v[i] = 0.1 + rnd.nextDouble();
            latent[i] = 0.5 * v[i];
            y[i] = mu[i] + Math.sqrt(v[i]) * rnd.nextGaussian();
            entropy += 0.5 * Math.log(2 * Math.PI * v[i]) + 0.5;
        }
        GaussianProcessTrainer.Evaluation mc = GaussianProcessTrainer.Evaluation.of(new GaussianProcess.Prediction(mu, latent, v), y);
        assertThat(mc.coverage()).isCloseTo(0.95, within(4 * Math.sqrt(0.95 * 0.05 / n)));
        assertThat(mc.nlpd()).isCloseTo(entropy / n, within(4 * Math.sqrt(0.5) / Math.sqrt(n)));
        assertThat(mc.rmse()).isCloseTo(Math.sqrt(0.6), within(0.02));
        assertThatThrownBy(() -> GaussianProcessTrainer.Evaluation.of(two, new double[] {1}))
                .isInstanceOf(DimensionMismatchException.class);
    }

    private static double[] pick(double[] y, int[] which) {
        double[] out = new double[which.length];
        for (int i = 0; i < which.length; i++) {
            out[i] = y[which[i]];
        }
        return out;
    }
}
