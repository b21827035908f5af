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
package org.rf4j.app.inject;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.AbstractModule;
import com.google.inject.CreationException;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import com.google.inject.multibindings.MapBinder;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rf4j.spi.CouplingProvider;
import org.rf4j.spi.EstimatorProvider;
import org.rf4j.spi.FeatureMapProvider;
import org.rf4j.spi.MechanismRegistry;

/** The Guice graph: one provider map per kind keyed by id; a duplicate id fails; settings scanning. */
class WiringTest {
    private static Injector injector(AbstractModule... extra) {
        Injector base = Guice.createInjector(new AppModule(new AppSettings(false, Path.of("target/no-plugins"))));
        MechanismRegistry registry = base.getInstance(MechanismRegistry.class);
        AbstractModule[] modules = new AbstractModule[extra.length + 1];
        modules[0] = new MechanismBindingsModule(registry);
        System.arraycopy(extra, 0, modules, 1, extra.length);
        return base.createChildInjector(modules);
    }

    @Test
    void providerMapsAreKeyedById() {
        Injector inj = injector();
        Map<String, CouplingProvider> couplings = inj.getInstance(Key.get(new TypeLiteral<Map<String, CouplingProvider>>() { }));
        Map<String, FeatureMapProvider> features = inj.getInstance(Key.get(new TypeLiteral<Map<String, FeatureMapProvider>>() { }));
        Map<String, EstimatorProvider> estimators = inj.getInstance(Key.get(new TypeLiteral<Map<String, EstimatorProvider>>() { }));
        assertThat(couplings).containsKey("iid");
        assertThat(features).containsKeys("positive", "trigonometric", "hyperbolic");
        assertThat(estimators).containsKey("random-features");
        couplings.forEach((id, p) -> assertThat(p.id()).isEqualTo(id));
        assertThat(inj.getInstance(MechanismRegistry.class)).isSameAs(inj.getInstance(MechanismRegistry.class));
    }

    @Test
    void aDuplicateIdFailsInjectorCreation() {
        Injector ok = injector();
        CouplingProvider iid = ok.getInstance(Key.get(new TypeLiteral<Map<String, CouplingProvider>>() { })).get("iid");
        AbstractModule dup = new AbstractModule() {
            @Override
            protected void configure() {
                MapBinder.newMapBinder(binder(), String.class, CouplingProvider.class).addBinding("iid").toInstance(iid);
            }
        };
        assertThatThrownBy(() -> injector(dup).getInstance(Key.get(new TypeLiteral<Map<String, CouplingProvider>>() { })))
                .isInstanceOfAny(CreationException.class, com.google.inject.ProvisionException.class)
                .hasMessageContaining("iid");
    }

    @Test
    void settingsScanTheGlobalOptionsAndTheEnvironment() {
        assertThat(AppSettings.scan(new String[] {"estimate", "-v"}, Map.of())).isEqualTo(
                new AppSettings(true, Path.of("plugins")));
        assertThat(AppSettings.scan(new String[] {"--plugins", "p1", "mechanisms"}, Map.of("RF4J_PLUGINS", "p2")))
                .isEqualTo(new AppSettings(false, Path.of("p1")));
        assertThat(AppSettings.scan(new String[] {"mechanisms"}, Map.of("RF4J_PLUGINS", "p2")).pluginsDir())
                .isEqualTo(Path.of("p2"));
        assertThat(AppSettings.scan(new String[] {"--plugins=p3", "--", "-v"}, Map.of()))
                .isEqualTo(new AppSettings(false, Path.of("p3")));
    }
}
