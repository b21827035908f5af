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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.Mechanism;
import org.rf4j.spi.MechanismProvider;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.spi.Parameter;
import org.rf4j.spi.ParameterType;
import org.rf4j.spi.Parameters;
import org.apiguardian.api.API;

/**
 * Contract every provider satisfies, whatever its kind: a well-formed id, a consistent schema,
 * creation from defaults (or from {@link #parameters()}), the config round trip, and rejection of
 * unknown keys, wrong types and out-of-range values with the key named in the message.
 *
 * @param <T> the mechanism type
 * @param <P> the provider type
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public abstract class ProviderContract<T extends Mechanism, P extends MechanismProvider<T>> {

    /** The provider under test. */
    protected abstract P provider();

    /** Parameters to create the mechanism with (default: none, i.e. all defaults). */
    protected Map<String, Object> parameters() {
        return Map.of();
    }

    private MechanismRegistry registry;
    private T created;

    /**
     * The registry used as build context: everything discovered, plus the provider under test.
     * Built once per test instance.
     */
    protected MechanismRegistry registry() {
        if (registry == null) {
            registry = Registries.with(provider());
        }
        return registry;
    }

    /** The spec under test. */
    protected Spec spec() {
        return new Spec(provider().id(), parameters());
    }

    /**
     * The mechanism created from {@link #spec()} through the registry; created once per test instance
     * (configured mechanisms are immutable values, so the Monte Carlo loops reuse it).
     */
    protected T create() {
        if (created == null) {
            created = registry().create(provider().kind(), provider().kind().label(), spec());
        }
        return created;
    }

    /** Creates the mechanism from a spec through the registry. */
    protected T create(Spec spec) {
        return registry().create(provider().kind(), provider().kind().label(), spec);
    }

    /**
     * Whether the provider is meant to be discovered (default true): then its JAR or classes folder
     * must register it both in module-info ({@code provides}) and in {@code META-INF/services}.
     * Override to return false only for a provider that is deliberately not registered.
     */
    protected boolean registered() {
        return true;
    }

    @Test
    void registeredInModuleInfoAndInMetaInfServices() throws java.io.IOException {
        org.junit.jupiter.api.Assumptions.assumeTrue(registered(), "provider not meant to be discovered");
        Class<?> c = provider().getClass();
        String service = provider().kind().providerType().getName();
        java.security.CodeSource cs = c.getProtectionDomain().getCodeSource();
        assertThat(cs).as("code source of %s", c.getName()).isNotNull();
        java.nio.file.Path where;
        try {
            where = java.nio.file.Path.of(cs.getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new AssertionError(e);
        }
        byte[] info = Registrations.read(where, "module-info.class");
        if (info != null) {
            java.lang.module.ModuleDescriptor d = java.lang.module.ModuleDescriptor.read(java.nio.ByteBuffer.wrap(info));
            assertThat(d.provides().stream().filter(pr -> pr.service().equals(service))
                    .flatMap(pr -> pr.providers().stream()))
                    .as("module %s: 'provides %s with ...' lists %s", d.name(), service, c.getName())
                    .contains(c.getName());
        }
        byte[] services = Registrations.read(where, "META-INF/services/" + service);
        assertThat(services).as("%s has META-INF/services/%s", where, service).isNotNull();
        List<String> lines = new String(services, java.nio.charset.StandardCharsets.UTF_8).lines()
                .map(l -> l.replaceAll("#.*", "").strip()).filter(l -> !l.isEmpty()).toList();
        assertThat(lines).as("META-INF/services/%s in %s lists %s", service, where, c.getName()).contains(c.getName());
    }

    @Test
    void idIsWellFormed() {
        assertThat(provider().id()).as("provider id").isNotBlank().matches("[a-z0-9][a-z0-9.+_-]*");
        assertThat(provider().kind()).isNotNull();
    }

    @Test
    void schemaIsConsistentAndDescribed() {
        List<Parameter> ps = provider().schema().parameters();
        for (Parameter p : ps) {
            assertThat(p.description()).as("description of parameter '%s'", p.name()).isNotBlank();
        }
        assertThat(provider().description()).as("provider description").isNotBlank();
    }

    @Test
    void specRoundTrips() {
        T made = create();
        Spec written = made.spec();
        assertThat(written.id()).isEqualTo(provider().id());
        Parameters validated = registry().validate(provider().kind(), "", spec());
        assertThat(written).as("written spec equals the validated input (defaults filled)")
                .isEqualTo(validated.spec());
        T again = create(written);
        assertThat(again.spec()).as("config -> object -> config -> object -> config").isEqualTo(written);
    }

    @Test
    void unknownParameterIsRejectedNamingTheKey() {
        Map<String, Object> p = new LinkedHashMap<>(parameters());
        p.put("no-such-parameter", 1);
        assertThatThrownBy(() -> create(new Spec(provider().id(), p)))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("no-such-parameter");
    }

    @Test
    void outOfRangeAndMistypedValuesAreRejected() {
        for (Parameter par : provider().schema().parameters()) {
            if (par.type() == ParameterType.INTEGER || par.type() == ParameterType.NUMBER) {
                reject(par, "not-a-number");
                if (par.min() != null) {
                    reject(par, par.type() == ParameterType.INTEGER ? (Object) (long) (par.min() - 1)
                            : (Object) (par.min() - 1.0 - Math.abs(par.min())));
                }
                if (par.max() != null && par.max() < 1e15) {
                    reject(par, par.type() == ParameterType.INTEGER ? (Object) (long) (par.max() + 1)
                            : (Object) (par.max() + 1.0 + Math.abs(par.max())));
                }
            } else if (par.type() == ParameterType.BOOLEAN) {
                reject(par, "yes");
            } else if (par.type() == ParameterType.STRING && !par.allowed().isEmpty()) {
                reject(par, "no-such-value");
            }
        }
    }

    private void reject(Parameter par, Object value) {
        Map<String, Object> p = new LinkedHashMap<>(parameters());
        p.put(par.name(), value);
        assertThatThrownBy(() -> create(new Spec(provider().id(), p)))
                .as("parameter '%s' = %s must be rejected", par.name(), value)
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining(par.name());
    }
}
