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

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.spi.BuildContext;
import org.rf4j.spi.EstimatorProvider;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.spi.Parameter;
import org.rf4j.spi.ParameterSchema;
import org.rf4j.spi.Parameters;


/** {@link RandomFeatures#m(int)} on composed estimators: every base's m, recursively (what evaluate varies). */
class ProjectionCountTest {

    /** A composite estimator with a 'base' list and no 'm' of its own (like 'hybrid'). */
    public static final class Composite implements EstimatorProvider {
        @Override
        public String id() {
            return "test-composite";
        }

        @Override
        public ParameterSchema schema() {
            return ParameterSchema.of(Parameter.mechanisms("base", MechanismKind.ESTIMATOR, "base estimators"));
        }

        @Override
        public Estimator create(Parameters p, BuildContext context) {
            return context.estimator(p.key("base"), p.getSpecs("base").get(0));
        }
    }

    /** An estimator without any feature count. */
    public static final class Fixed implements EstimatorProvider {
        @Override
        public String id() {
            return "test-fixed";
        }

        @Override
        public ParameterSchema schema() {
            return ParameterSchema.of(List.of());
        }

        @Override
        public Estimator create(Parameters p, BuildContext context) {
            throw new UnsupportedOperationException();
        }
    }

    private static final MechanismRegistry REGISTRY = MechanismRegistry.builder().loadDiscovered()
            .add(new Composite(), "test").add(new Fixed(), "test").build();

    @Test
    void setsTheEstimatorsOwnMOrEveryBaseEstimatorsM() {
        RandomFeatures rf = RandomFeatures.gaussian(1).registry(REGISTRY).m(64);
        assertThat(rf.m(16).estimator().projectionCount(4)).isEqualTo(16);
        RandomFeatures composite = RandomFeatures.fromConfig("""
                {"estimator": {"id": "test-composite", "base": [
                   {"id": "random-features", "m": 64}, {"id": "random-features", "features": {"id": "trigonometric"}, "m": 8}]}}
                """).registry(REGISTRY);
        String set = composite.m(32).toConfig();
        assertThat(set).contains("\"m\" : 32").doesNotContain("\"m\" : 64").doesNotContain("\"m\" : 8");
        assertThat(composite.m(32).estimator().projectionCount(4)).isEqualTo(32);
    }

    @Test
    void refusesEstimatorsWithoutAProjectionCount() {
        // m(...) edits the typed config without asking the registry; resolving refuses the unknown 'm'
        assertThatThrownBy(() -> RandomFeatures.fromConfig("{\"estimator\": {\"id\": \"test-fixed\"}}").registry(REGISTRY).m(8)
                .estimator())
                .isInstanceOf(org.rf4j.api.RfException.class).hasMessageContaining("estimator.m");
        assertThatThrownBy(() -> RandomFeatures.gaussian(1).m(0))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("m");
    }
}
