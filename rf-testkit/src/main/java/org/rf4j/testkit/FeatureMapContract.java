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
package org.rf4j.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.FeatureMap;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.FitData;
import org.rf4j.api.mechanism.PointQuery;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.FeatureMapProvider;
import org.apiguardian.api.API;

/**
 * Contract for feature maps, drawn with independent Gaussian projections: output dimension as
 * declared, 0-row batches, determinism, positivity when declared, finite output, unbiasedness for
 * both unit kernels, and agreement of the empirical MSE with {@link FeatureMap#theoryMse} where the
 * map has a closed form.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public abstract class FeatureMapContract extends ProviderContract<FeatureMap, FeatureMapProvider> {

    /** Input dimension. */
    protected int dimension() {
        return 6;
    }

    /** Projections per draw. */
    protected int projections() {
        return 16;
    }

    /** Norm of the test inputs (kernel coordinates). */
    protected double inputNorm() {
        return 0.5;
    }

    /** Trials for the Monte Carlo checks. */
    protected int trials() {
        return 40000;
    }

    /** The unit kernels this map estimates (default both). */
    protected boolean supports(KernelKind kind) {
        return true;
    }

    protected FeatureMap featureMap() {
        return create();
    }

    protected Coupling coupling() {
        return new StandardGaussianCoupling();
    }

    /** Fits a data-driven map to the data (as the estimator's fit stage does), then draws. */
    private DrawnFeatures draw(KernelKind kind, DataSample data, long seed) {
        return fitted(kind, data).draw(new FeatureRequest(kind, dimension(), projections(), coupling(), null,
                Seeds.generator(seed)));
    }

    /** The map fitted to data in unit-kernel coordinates (itself when it has nothing to fit). */
    private FeatureMap fitted(KernelKind kind, DataSample data) {
        FeatureMap map = featureMap();
        if (!map.needsFit()) {
            return map;
        }
        Kernel unit = kind == KernelKind.SOFTMAX ? Kernel.softmax() : Kernel.gaussian(1.0);
        return map.fit(FitData.of(unit, data), projections());
    }

    private DataSample data() {
        double[][] p = Points.pair(dimension(), inputNorm(), 5);
        return DataSample.pair(p[0], p[1]);
    }

    @Test
    void hasTheDeclaredShapeAndHandlesEmptyBatches() {
        DrawnFeatures f = draw(KernelKind.SOFTMAX, data(), 1);
        assertThat(f.inputDimension()).isEqualTo(dimension());
        assertThat(f.outputDimension()).isEqualTo(featureMap().outputDimension(projections(), dimension()));
        assertThat(f.map(Side.QUERY, Matrix.zeros(0, dimension()), null).rows()).isZero();
        assertThat(f.map(Side.KEY, Matrix.zeros(0, dimension()), null).rows()).isZero();
        Matrix x = Points.cloud(data().query().row(0), 7, 0.1, 3);
        Matrix out = Matrix.zeros(7, f.outputDimension());
        assertThat(f.map(Side.QUERY, x, out)).isSameAs(out);
        for (double v : out.data()) {
            assertThat(Double.isFinite(v)).as("finite features").isTrue();
            if (featureMap().positive()) {
                assertThat(v).as("positive features").isGreaterThanOrEqualTo(0.0);
            }
        }
    }

    /**
     * {@code mapStabilized} (what Performer attention uses) returns ψ(x) = φ(x)·e^{−c(x)} with a finite
     * c(x) per row: ψ·e^{c} must equal φ to rounding, on both sides. Catches a dropped row fill, a
     * missing 1/max rescale or a log(max) returned as 0 in a map's stabilised path.
     */
    @Test
    void stabilizedFeaturesAreTheFeaturesUpToAPerRowFactor() {
        DrawnFeatures f = draw(KernelKind.SOFTMAX, data(), 5);
        Matrix x = data().query();
        for (Side side : Side.values()) {
            Matrix plain = f.map(side, x, null);
            double[] logScale = new double[x.rows()];
            Matrix psi = f.mapStabilized(side, x, null, logScale);
            assertThat(psi.rows()).isEqualTo(plain.rows());
            assertThat(psi.cols()).isEqualTo(plain.cols());
            for (int i = 0; i < x.rows(); i++) {
                assertThat(Double.isFinite(logScale[i])).as("log scale of row %d", i).isTrue();
                double factor = Math.exp(logScale[i]);
                for (int j = 0; j < plain.cols(); j++) {
                    double want = plain.get(i, j);
                    assertThat(psi.get(i, j) * factor).as("%s row %d column %d", side, i, j)
                            .isCloseTo(want, org.assertj.core.data.Offset.offset(1e-9 * Math.max(1e-300, Math.abs(want))
                                    + 1e-300));
                }
            }
        }
    }

    @Test
    void isDeterministicForASeed() {
        Matrix x = Points.cloud(data().query().row(0), 5, 0.1, 4);
        Matrix a = draw(KernelKind.GAUSSIAN, data(), 42).map(Side.KEY, x, null);
        Matrix b = draw(KernelKind.GAUSSIAN, data(), 42).map(Side.KEY, x, null);
        Matrix c = draw(KernelKind.GAUSSIAN, data(), 43).map(Side.KEY, x, null);
        assertThat(a).isEqualTo(b);
        assertThat(a).isNotEqualTo(c);
    }

    @ParameterizedTest
    @EnumSource(KernelKind.class)
    void isUnbiasedAndMatchesItsClosedForm(KernelKind kind) {
        if (!supports(kind)) {
            return;
        }
        DataSample data = data();
        double[] x = data.query().row(0);
        double[] y = data.key().row(0);
        double exact = kind.value(x, y);
        double[] est = new double[trials()];
        for (int t = 0; t < est.length; t++) {
            DrawnFeatures f = draw(kind, data, Seeds.derive(2024, t));
            est[t] = Points.dot(f.map(Side.QUERY, x), f.map(Side.KEY, y));
        }
        MonteCarlo.summarize(est).assertMeanMatches(exact, 0.01, featureMap().spec().id() + " estimating " + kind);
        OptionalDouble theory = fitted(kind, data).theoryMse(new PointQuery(kind, projections(), coupling(), null, x, y));
        if (theory.isPresent()) {
            MonteCarlo.assertMseMatches(est, exact, theory.getAsDouble(), 0.1, featureMap().spec().id() + " " + kind);
        }
    }
}
