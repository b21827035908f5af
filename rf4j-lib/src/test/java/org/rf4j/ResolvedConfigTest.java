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
package org.rf4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.FitData;
import org.rf4j.config.ConfigException;
import org.rf4j.config.ConfigSpec;
import org.rf4j.spi.BuildContext;
import org.rf4j.spi.EstimatorProvider;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.spi.Parameter;
import org.rf4j.spi.ParameterSchema;
import org.rf4j.spi.Parameters;

/** A configuration is resolved once, into a typed value, and reads the data files it names once. */
class ResolvedConfigTest {
    @TempDir
    Path dir;

    private Path csv(String name, double[][] rows) throws Exception {
        StringBuilder b = new StringBuilder();
        for (double[] r : rows) {
            for (int j = 0; j < r.length; j++) {
                b.append(j == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.17g", r[j]));
            }
            b.append('\n');
        }
        return Files.writeString(dir.resolve(name), b);
    }

    @Test
    void theDataAConfigNamesIsReadOnceForEveryUseAndEveryEdit() throws Exception {
        csv("train.csv", RandomFeaturesTest.data(50, 3, 0.5, 1));
        Path config = Files.writeString(dir.resolve("c.json"), """
                {"kernel": {"id": "gaussian", "sigma": 1.5},
                 "estimator": {"id": "random-features", "features": {"id": "oprf"}, "m": 32},
                 "data": "train.csv", "seed": 5}
                """);
        RandomFeatures rf = RandomFeatures.fromConfig(config);
        assertThat(rf.fileReads()).isZero();
        RandomFeatureMap first = rf.fit(3);
        rf.estimator();
        rf.toConfig();
        rf.kernel();
        RandomFeatureMap again = rf.fit(3);
        RandomFeatureMap reseeded = rf.seed(6).m(16).fit(3);
        rf.allowDegenerateRows(true).estimator();
        assertThat(rf.fileReads()).isEqualTo(1);
        assertThat(again.transform(RandomFeaturesTest.data(4, 3, 0.5, 2)))
                .isDeepEqualTo(first.transform(RandomFeaturesTest.data(4, 3, 0.5, 2)));
        assertThat(reseeded.projectionCount()).isEqualTo(16);
        // the same as a fresh configuration that reads the file for itself
        assertThat(RandomFeatures.fromConfig(config).fit(3).toConfig()).isEqualTo(first.toConfig());
    }

    /** An estimator that counts its fits (its base estimator does the work). */
    public static final class Counting implements EstimatorProvider {
        static final AtomicInteger FITS = new AtomicInteger();

        @Override
        public String id() {
            return "test-counting";
        }

        @Override
        public ParameterSchema schema() {
            return ParameterSchema.of(Parameter.mechanisms("base", MechanismKind.ESTIMATOR, "the estimator that works"));
        }

        @Override
        public Estimator create(Parameters p, BuildContext context) {
            Estimator inner = context.estimator(p.key("base"), p.getSpecs("base").get(0));
            return new Estimator() {
                @Override
                public Spec spec() {
                    return new Spec("test-counting", Map.of("base", List.of(inner.spec())));
                }

                @Override
                public boolean needsFit() {
                    return inner.needsFit();
                }

                @Override
                public Estimator fit(FitData data) {
                    FITS.incrementAndGet();
                    return inner.fit(data);
                }

                @Override
                public DrawnEstimator draw(EstimatorRequest request) {
                    return inner.draw(request);
                }

                @Override
                public int projectionCount(int d) {
                    return inner.projectionCount(d);
                }
            };
        }
    }

    @Test
    void aConfigNamingDataIsFittedOnceForItsEstimatorAndItsMap() throws Exception {
        csv("train.csv", RandomFeaturesTest.data(50, 3, 0.5, 1));
        Path config = Files.writeString(dir.resolve("c.json"), """
                {"kernel": {"id": "gaussian", "sigma": 1.5}, "data": "train.csv",
                 "estimator": {"id": "test-counting", "base": [{"id": "random-features", "features": {"id": "oprf"}, "m": 8}]}}
                """);
        MechanismRegistry registry = MechanismRegistry.builder().loadDiscovered().add(new Counting(), "test").build();
        RandomFeatures rf = RandomFeatures.fromConfig(config).registry(registry);
        int before = Counting.FITS.get();
        rf.estimator(); // what the CLI checks the memory of before drawing
        RandomFeatureMap map = rf.fit(3);
        rf.seed(42).fit(3); // the config's own seed: the same configuration
        assertThat(Counting.FITS.get() - before).isEqualTo(1);
        assertThat(map.projectionCount()).isEqualTo(8);
    }

    @Test
    void aConfigurationIsResolvedOnce() {
        RandomFeatures rf = RandomFeatures.gaussian(1.0).coupling("orthogonal").m(8);
        assertThat(rf.resolve()).isSameAs(rf.resolve());
        rf.kernel();
        rf.toConfig();
        rf.estimator();
        assertThat(rf.estimator()).isSameAs(rf.resolve().estimator());
    }

    @Test
    void editsGiveANewTypedValueWithoutTouchingTheOld() {
        RandomFeatures rf = RandomFeatures.fromConfig("""
                {"kernel": {"id": "gaussian", "sigma": 2.0}, "estimator": {"id": "hybrid", "base": [
                  {"id": "random-features", "m": 64}, {"id": "random-features", "m": 8}],
                  "lambdas": [{"id": "constant", "value": 0.5}]}}
                """);
        ConfigSpec before = rf.spec();
        RandomFeatures edited = rf.m(32).seed(9);
        assertThat(rf.spec()).isEqualTo(before);
        ConfigSpec after = edited.spec();
        assertThat(after.seed()).isEqualTo(9L);
        assertThat(after.kernel()).isEqualTo(Spec.of("gaussian", "sigma", 2.0));
        @SuppressWarnings("unchecked")
        java.util.List<java.util.Map<String, Object>> bases = (java.util.List<java.util.Map<String, Object>>) after.estimator().get("base");
        assertThat(bases).extracting(b -> b.get("m")).containsExactly(32L, 32L);
    }

    @Test
    void aBadTopLevelValueIsRefusedWhenTheConfigIsRead() {
        assertThatThrownBy(() -> RandomFeatures.fromConfig("{\"estimator\": {\"id\": \"random-features\"}, \"sed\": 1}"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("config: unknown top-level key 'sed'");
        assertThatThrownBy(() -> RandomFeatures.fromConfig("{\"estimator\": {\"id\": \"random-features\"}, \"seed\": 1.5}"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("seed").hasMessageContaining("1.5");
        assertThatThrownBy(() -> RandomFeatures.fromConfig("{\"estimator\": {\"id\": \"random-features\"}, \"kernel\": 3}"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("kernel").hasMessageContaining("{\"id\": ...}");
    }
}
