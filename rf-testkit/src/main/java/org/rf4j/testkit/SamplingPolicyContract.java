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
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.mechanism.ProjectionFeatureMap;
import org.rf4j.api.mechanism.SamplingPolicy;
import org.rf4j.api.mechanism.Side;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.SamplingPolicyProvider;
import org.apiguardian.api.API;


/**
 * Contract for sampling policies, with the registry's feature maps (default {@code positive} and
 * {@code trigonometric}; skipped if absent): the adapted projection keeps its shape, carries finite
 * positive weights, and the weighted estimator stays unbiased.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public abstract class SamplingPolicyContract extends ProviderContract<SamplingPolicy, SamplingPolicyProvider> {

    protected int dimension() {
        return 4;
    }

    protected int projections() {
        return 16;
    }

    protected int trials() {
        return 3000;
    }

    /** The feature maps to check with. */
    protected String[] featureMaps() {
        return new String[] {"positive", "trigonometric"};
    }

    protected SamplingPolicy policy() {
        return create();
    }

    @Test
    void keepsEstimatorsUnbiased() {
        double[][] p = Points.pair(dimension(), 0.6, 41);
        DataSample data = new DataSample(Points.cloud(p[0], 30, 0.3, 1), Points.cloud(p[1], 30, 0.3, 2));
        for (String id : featureMaps()) {
            assumeTrue(registry().ids(MechanismKind.FEATURE_MAP).contains(id), "feature map " + id + " present");
            ProjectionFeatureMap map = (ProjectionFeatureMap) registry().create(MechanismKind.FEATURE_MAP, "features",
                    Spec.of(id));
            double exact = KernelKind.SOFTMAX.value(p[0], p[1]);
            double[] est = new double[trials()];
            // fitted once, as the estimator's fit stage does (a policy with nothing to fit returns itself)
            SamplingPolicy policy = policy().fit(org.rf4j.api.mechanism.FitData.of(org.rf4j.api.kernel.Kernel.softmax(),
                    data), map, new StandardGaussianCoupling());
            for (int t = 0; t < est.length; t++) {
                FeatureRequest r = new FeatureRequest(KernelKind.SOFTMAX, dimension(), projections(),
                        new StandardGaussianCoupling(), policy, Seeds.generator(Seeds.derive(55, t)));
                DrawnFeatures f = map.draw(r);
                est[t] = Points.dot(f.map(Side.QUERY, p[0]), f.map(Side.KEY, p[1]));
            }
            MonteCarlo.summarize(est).assertMeanMatches(exact, 0.05, policy.spec().id() + " with " + id);
        }
    }

    @Test
    void adaptedProjectionKeepsShapeAndHasValidWeights() {
        assumeTrue(registry().ids(MechanismKind.FEATURE_MAP).contains("positive"), "feature map positive present");
        ProjectionFeatureMap map = (ProjectionFeatureMap) registry().create(MechanismKind.FEATURE_MAP, "features",
                Spec.of("positive"));
        double[][] p = Points.pair(dimension(), 0.6, 42);
        DataSample data = new DataSample(Points.cloud(p[0], 30, 0.3, 1), Points.cloud(p[1], 30, 0.3, 2));
        SamplingPolicy policy = policy().fit(org.rf4j.api.mechanism.FitData.of(org.rf4j.api.kernel.Kernel.softmax(),
                data), map, new StandardGaussianCoupling());
        FeatureRequest r = new FeatureRequest(KernelKind.SOFTMAX, dimension(), projections(),
                new StandardGaussianCoupling(), policy, Seeds.generator(3));
        Projection base = r.coupling().draw(projections(), dimension(), r.rng());
        Projection adapted = policy.adapt(base, map, r);
        assertThat(adapted.count()).isEqualTo(projections());
        assertThat(adapted.dimension()).isEqualTo(dimension());
        double[] w = adapted.importanceWeights();
        if (w != null) {
            assertThat(w).hasSize(projections());
            for (double v : w) {
                assertThat(v).isPositive().isFinite();
            }
        }
    }
}
