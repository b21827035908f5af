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

import org.junit.jupiter.api.Test;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.FeatureMap;

/** A provider's kind is read from the provider interface it implements. */
class AbstractProviderKindTest {

    static final class Couplings extends AbstractProvider<Coupling> implements CouplingProvider {
        Couplings() {
            super("test-coupling", "a coupling provider without an explicit kind", (p, c) -> null);
        }
    }

    static final class Maps extends AbstractProvider<FeatureMap> implements FeatureMapProvider {
        Maps() {
            super("test-map", "a feature-map provider without an explicit kind", (p, c) -> null);
        }
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    static final class Nothing extends AbstractProvider {
        Nothing() {
            super("none", "implements no provider interface", (p, c) -> null);
        }
    }

    @Test
    void theKindIsTheImplementedInterfaces() {
        assertThat(new Couplings().kind()).isSameAs(MechanismKind.COUPLING);
        assertThat(new Maps().kind()).isSameAs(MechanismKind.FEATURE_MAP);
    }

    @Test
    void aClassWithoutAProviderInterfaceIsRefusedNamingIt() {
        assertThatThrownBy(Nothing::new).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Nothing implements no provider interface");
    }
}
