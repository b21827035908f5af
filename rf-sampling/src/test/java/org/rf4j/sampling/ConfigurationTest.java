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
package org.rf4j.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.FitData;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.mechanism.ProjectionFeatureMap;
import org.rf4j.api.mechanism.SamplingPolicy;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.spi.UnknownMechanismException;
import org.rf4j.testkit.ConfigFiles;



/** Parameters, data files and bad input of the policies; reproducibility. */
class ConfigurationTest {
    private static final Matrix TRAIN = Fixtures.gaussian(30, new double[] {0.3, -0.2, 0.1}, 0.3, Seeds.generator(51));
    private static final Matrix WIDE = Fixtures.gaussian(30, new double[] {0.3, -0.2}, 0.3, Seeds.generator(52));
    private static final Matrix BAD = bad();

    private static Matrix bad() {
        Matrix m = TRAIN.copy();
        m.set(2, 1, Double.NaN);
        return m;
    }

    private static final Map<String, Matrix> FILES = Map.of("train.csv", TRAIN, "wide.csv", WIDE, "bad.csv", BAD);

    private static MechanismRegistry registry() {
        return MechanismRegistry.builder().loadDiscovered().build();
    }

    /** A positive-features estimator with this sampling policy, fitted as the config loader would. */
    private static Estimator fitted(Spec sampling) {
        Spec est = Spec.of("random-features", "features", Spec.of("positive"), "m", 8L, "sampling", sampling);
        MechanismRegistry r = registry();
        return r.create(MechanismKind.ESTIMATOR, "estimator", est)
                .fit(ConfigFiles.fitData(r, est, Kernel.gaussian(1.5), null, 0L, FILES));
    }

    /** The policy fitted to a symmetric sample (kernel coordinates) for a map and unit kernel, as the estimator's fit stage does. */
    private static SamplingPolicy fit(SamplingPolicy p, KernelKind kind, Matrix data, ProjectionFeatureMap map) {
        Kernel unit = kind == KernelKind.SOFTMAX ? Kernel.softmax() : Kernel.gaussian(1.0);
        return p.fit(org.rf4j.api.mechanism.FitData.of(unit, DataSample.symmetric(data)), map, Fixtures.iid());
    }

    private static SamplingPolicy create(Spec spec) {
        return registry().create(MechanismKind.SAMPLING_POLICY, "estimator.sampling", spec);
    }

    @Test
    void dataFilesAreNamedForTheLoaderFitBothSidesAndDefaultsAreFilled() {
        SamplingPolicy p = create(Spec.of("optimal", "data", "train.csv"));
        assertThat(p.needsFit()).isTrue();
        assertThat(p.spec().parameters()).containsEntry("data", "train.csv").containsEntry("covariance", "auto")
                .containsEntry("fitSamples", 4096L).containsEntry("rounds", 3L);
        Spec est = Spec.of("random-features", "features", Spec.of("positive"), "m", 8L, "sampling",
                Spec.of("optimal", "queryData", "train.csv", "keyData", "train.csv"));
        assertThat(registry().dataFiles(MechanismKind.ESTIMATOR, "estimator", est)).containsExactly(
                Map.entry("estimator.sampling.queryData", "train.csv"), Map.entry("estimator.sampling.keyData", "train.csv"));
        // fitting to the files is fitting to the same rows given as the estimator's data; the fitted spec
        // carries the proposal and names no file
        Estimator viaFiles = fitted(Spec.of("optimal", "data", "train.csv"));
        Estimator viaData = registry().create(MechanismKind.ESTIMATOR, "estimator", Spec.of("random-features", "features",
                Spec.of("positive"), "m", 8L, "sampling", Spec.of("optimal")))
                .fit(FitData.of(Kernel.gaussian(1.5), DataSample.symmetric(TRAIN)));
        Spec fittedSampling = (Spec) viaFiles.spec().get("sampling");
        assertThat(fittedSampling.parameters()).doesNotContainKey("data").containsKey("mean");
        assertThat(fittedSampling.without("data")).isEqualTo(((Spec) viaData.spec().get("sampling")).without("data"));
        assertThat(create(Spec.of("standard")).needsFit()).isFalse();
        assertThat(create(Spec.of("optimal")).needsFit()).isTrue();
    }

    @Test
    void badParametersAreRejectedNamingKeyAndAllowedValues() {
        assertThatThrownBy(() -> create(Spec.of("optimal", "covariance", "bogus")))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("estimator.sampling.covariance").hasMessageContaining("bogus")
                .hasMessageContaining("auto").hasMessageContaining("diagonal");
        assertThatThrownBy(() -> create(Spec.of("optimal", "fitSamples", 10)))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("fitSamples")
                .hasMessageContaining(">= 64");
        assertThatThrownBy(() -> create(Spec.of("optimal", "minVariance", 0.3)))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("minVariance");
        assertThatThrownBy(() -> create(Spec.of("optimal", "minVariance", 2.0, "maxVariance", 1.5)))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("estimator.sampling.maxVariance")
                .hasMessageContaining("minVariance");
        assertThatThrownBy(() -> create(Spec.of("optimal", "alpha", 1)))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("alpha");
        assertThatThrownBy(() -> create(Spec.of("standard", "data", "train.csv")))
                .isInstanceOf(InvalidParameterException.class);
        assertThatThrownBy(() -> create(Spec.of("importance")))
                .isInstanceOf(UnknownMechanismException.class).hasMessageContaining("optimal");
    }

    @Test
    void badDataFilesAreRejectedNamingKeyFileAndLocation() {
        assertThatThrownBy(() -> fitted(Spec.of("optimal", "data", "bad.csv")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("estimator.sampling.data")
                .hasMessageContaining("row 3, column 2 (1-based)");
        assertThatThrownBy(() -> create(Spec.of("optimal", "queryData", "train.csv")))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("estimator.sampling.keyData");
        assertThatThrownBy(() -> fitted(Spec.of("optimal", "queryData", "train.csv", "keyData", "wide.csv")))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("keyData");
        assertThatThrownBy(() -> fitted(Spec.of("optimal", "data", "missing.csv")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("estimator.sampling.data")
                .hasMessageContaining("missing.csv");
        // a registry reads no file: creating names the file, the config loader reads it
        assertThat(MechanismRegistry.discover().create(MechanismKind.SAMPLING_POLICY, "sampling",
                Spec.of("optimal", "data", "train.csv")).needsFit()).isTrue();
    }

    @Test
    void drawingWithoutUsableDataFailsClearly() {
        var map = Fixtures.map("positive");
        SamplingPolicy none = create(Spec.of("optimal"));
        FeatureRequest noData = new FeatureRequest(KernelKind.SOFTMAX, 3, 8, Fixtures.iid(), none, Seeds.generator(1));
        assertThatThrownBy(() -> map.draw(noData)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("not fitted").hasMessageContaining("\"data\"");
        // a proposal fitted to 2-column data cannot serve 3-dimensional inputs
        Estimator wide = fitted(Spec.of("optimal", "data", "wide.csv"));
        assertThatThrownBy(() -> wide.draw(Kernel.gaussian(1.5), 3, 1L)).isInstanceOf(DimensionMismatchException.class)
                .hasMessageContaining("2").hasMessageContaining("3");
        // data whose positive features underflow: the fit reports it instead of producing NaN weights
        Matrix huge = TRAIN.scaled(200);
        assertThatThrownBy(() -> fit(none, KernelKind.SOFTMAX, huge, map)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("underflow").hasMessageContaining("bandwidth");
    }

    @Test
    void drawsAreReproducibleAndStandardIsTheIdentity() {
        var map = Fixtures.map("hyperbolic");
        SamplingPolicy optimal = fit(create(Spec.of("optimal", "data", "train.csv")), KernelKind.GAUSSIAN, TRAIN, map);
        Matrix probe = Fixtures.gaussian(5, new double[] {0.1, 0.2, 0.3}, 0.5, Seeds.generator(53));
        Matrix[] out = new Matrix[2];
        for (int r = 0; r < 2; r++) {
            SamplingPolicy fresh = fit(create(Spec.of("optimal", "data", "train.csv")), KernelKind.GAUSSIAN, TRAIN, map);
            DrawnFeatures rf = map.draw(new FeatureRequest(KernelKind.GAUSSIAN, 3, 16, Fixtures.iid(),
                    r == 0 ? optimal : fresh, Seeds.generator(99)));
            out[r] = rf.map(Side.QUERY, probe, null);
        }
        assertThat(out[0]).isEqualTo(out[1]);
        RandomGenerator rng = Seeds.generator(7);
        Projection p = Fixtures.iid().draw(8, 3, rng);
        SamplingPolicy standard = create(Spec.of("standard"));
        assertThat(standard.adapt(p, map, new FeatureRequest(KernelKind.GAUSSIAN, 3, 8, Fixtures.iid(), standard,
                rng))).isSameAs(p);
        // the optimal projection carries one positive finite weight per row, and it is not the standard one
        Projection adapted = optimal.adapt(p, map, new FeatureRequest(KernelKind.GAUSSIAN, 3, 8, Fixtures.iid(),
                optimal, rng));
        assertThat(adapted.importanceWeights()).hasSize(8);
        for (double w : adapted.importanceWeights()) {
            assertThat(w).isPositive().isFinite();
        }
        assertThat(adapted.matrix()).isNotEqualTo(p.matrix());
    }

    @Test
    void weightsComposeWithAnAlreadyWeightedInput() {
        // a projection already drawn from N(0, 4I) with weights p_Ω/p_{N(0,4I)}, moved again by a proposal:
        // the combined weight must be p_Ω(ω)/p(ω) of the composed draw, i.e. the estimator stays unbiased
        double[] x = {0.3, -0.1};
        double[] y = {0.2, 0.4};
        GaussianProposal first = GaussianProposal.of(new double[] {0, 0},
                org.rf4j.theory.SymmetricEigen.diagonal(new double[] {4, 4}));
        GaussianProposal second = GaussianProposal.of(new double[] {0.4, 0.3},
                org.rf4j.theory.SymmetricEigen.diagonal(new double[] {1.2, 1.5}));
        int m = 60_000;
        Projection z = Fixtures.iid().draw(m, 2, Seeds.generator(54));
        Projection p = OptimalSampling.apply(second, OptimalSampling.apply(first, z));
        var map = Fixtures.map("positive");
        DrawnFeatures rf = map.bind(p, new FeatureRequest(KernelKind.SOFTMAX, 2, m, Fixtures.iid(), null, Seeds.generator(55)));
        double[][] c = Fixtures.contributions(rf, 1, Matrix.row(x), Matrix.row(y));
        double[] f = new double[m];
        for (int j = 0; j < m; j++) {
            f[j] = c[j][0];
        }
        double[] me = Fixtures.meanAndError(f);
        assertThat(Math.abs(me[0] - KernelKind.SOFTMAX.value(x, y))).isLessThan(4 * me[1]);
    }

    @Test
    void structuredProjectionsAreMaterialisedAndTreatedLikeDenseOnes() {
        // a projection that only knows how to apply itself (like an HD product): adapt must give the same
        // rows and weights as for its dense twin
        Projection dense = Fixtures.iid().draw(12, 3, Seeds.generator(56));
        Projection structured = new Projection() {
            @Override
            public int count() {
                return dense.count();
            }

            @Override
            public int dimension() {
                return dense.dimension();
            }

            @Override
            public Matrix apply(Matrix x, Matrix out) {
                return dense.apply(x, out);
            }
        };
        var map = Fixtures.map("positive");
        SamplingPolicy optimal = fit(create(Spec.of("optimal", "data", "train.csv")), KernelKind.SOFTMAX, TRAIN, map);
        FeatureRequest r = new FeatureRequest(KernelKind.SOFTMAX, 3, 12, Fixtures.iid(), optimal, Seeds.generator(57));
        Projection a = optimal.adapt(dense, map, r);
        Projection b = optimal.adapt(structured, map, r);
        Matrix ma = a.matrix();
        Matrix mb = b.matrix();
        for (int i = 0; i < 12; i++) {
            for (int k = 0; k < 3; k++) {
                assertThat(mb.get(i, k)).isCloseTo(ma.get(i, k), org.assertj.core.data.Offset.offset(1e-12));
            }
            assertThat(b.importanceWeights()[i]).isCloseTo(a.importanceWeights()[i],
                    org.assertj.core.data.Percentage.withPercentage(1e-9));
        }
    }
}
