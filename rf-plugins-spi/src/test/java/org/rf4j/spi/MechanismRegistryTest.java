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
package org.rf4j.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.Projection;


class MechanismRegistryTest {

    static class Fixed implements Coupling {
        private final String id;

        Fixed(String id) {
            this.id = id;
        }

        @Override
        public Spec spec() {
            return Spec.of(id);
        }

        @Override
        public Projection draw(int m, int d, RandomGenerator rng) {
            throw new UnsupportedOperationException();
        }
    }

    static class A implements CouplingProvider {
        @Override
        public String id() {
            return "same";
        }

        @Override
        public ParameterSchema schema() {
            return ParameterSchema.of();
        }

        @Override
        public Coupling create(Parameters parameters, BuildContext context) {
            return new Fixed("same");
        }
    }

    static class B extends A {
    }

    static class Broken extends A {
        @Override
        public String id() {
            return "broken";
        }

        @Override
        public ParameterSchema schema() {
            return ParameterSchema.of(Parameter.integer("m", -1, 0L, null, "bad default"));
        }
    }

    static class Blank extends A {
        @Override
        public String id() {
            return " ";
        }
    }

    static class Throwing extends A {
        @Override
        public String id() {
            return "throwing";
        }

        @Override
        public Coupling create(Parameters parameters, BuildContext context) {
            throw new IllegalStateException("boom");
        }
    }

    @Test
    void duplicateIdsAreReportedNamingBothProvidersAndTheFirstIsKept() {
        MechanismRegistry r = MechanismRegistry.builder().add(new A(), "test").add(new B(), "test").build();
        assertThat(r.ids(MechanismKind.COUPLING)).containsExactly("same");
        assertThat(r.provider(MechanismKind.COUPLING, "", "same").provider()).isInstanceOf(A.class);
        assertThat(r.problems()).singleElement().asString()
                .contains("coupling id 'same' is provided twice")
                .contains(A.class.getName()).contains(B.class.getName());
        assertThatThrownBy(() -> MechanismRegistry.builder().strict(true).add(new A(), "t").add(new B(), "t").build())
                .isInstanceOf(PluginException.class).hasMessageContaining("provided twice");
    }

    @Test
    void brokenProvidersAreSkippedAndTheRestStillLoad() {
        MechanismRegistry r = MechanismRegistry.builder().add(new Broken(), "t").add(new Blank(), "t")
                .add(new A(), "t").build();
        assertThat(r.ids(MechanismKind.COUPLING)).containsExactly("same");
        assertThat(r.problems()).hasSize(2);
        assertThat(r.problems().get(0)).contains(Broken.class.getName()).contains("invalid default");
        assertThat(r.problems().get(1)).contains("blank or padded id");
    }

    @Test
    void unknownIdsListTheKnownOnesAndProviderFailuresAreWrapped() {
        MechanismRegistry r = MechanismRegistry.builder().add(new A(), "t").add(new Throwing(), "t").build();
        assertThatThrownBy(() -> r.create(MechanismKind.COUPLING, "estimator.coupling", Spec.of("orthgonal")))
                .isInstanceOf(UnknownMechanismException.class)
                .hasMessage("estimator.coupling: coupling 'orthgonal' is not known; known: [same, throwing]");
        assertThatThrownBy(() -> r.create(MechanismKind.COUPLING, "c", Spec.of("throwing")))
                .isInstanceOf(PluginException.class).hasMessageContaining("'throwing'").hasMessageContaining("boom");
        assertThat(r.create(MechanismKind.COUPLING, "c", Spec.of("same"))).isInstanceOf(Fixed.class);
    }
}
