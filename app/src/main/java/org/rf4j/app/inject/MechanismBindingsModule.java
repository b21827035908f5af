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

import com.google.inject.AbstractModule;
import com.google.inject.multibindings.MapBinder;
import java.util.Objects;
import org.rf4j.spi.CouplingProvider;
import org.rf4j.spi.EstimatorProvider;
import org.rf4j.spi.FeatureMapProvider;
import org.rf4j.spi.LambdaEstimatorProvider;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismProvider;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.spi.ProviderInfo;
import org.rf4j.spi.SamplingPolicyProvider;

/**
 * One {@link MapBinder} per mechanism kind, {@code Map<String, XProvider>} keyed by provider id,
 * holding every provider of an already-built registry. Other modules may contribute more
 * providers to the same maps; a duplicate id fails injector creation (MapBinder's default).
 * Declares bindings only: the registry was built (discovery, plugin I/O) before this module.
 */
public final class MechanismBindingsModule extends AbstractModule {
    private final MechanismRegistry registry;

    public MechanismBindingsModule(MechanismRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "registry");
    }

    @Override
    protected void configure() {
        bindKind(MechanismKind.KERNEL, org.rf4j.spi.KernelProvider.class);
        bindKind(MechanismKind.COUPLING, CouplingProvider.class);
        bindKind(MechanismKind.FEATURE_MAP, FeatureMapProvider.class);
        bindKind(MechanismKind.LAMBDA_ESTIMATOR, LambdaEstimatorProvider.class);
        bindKind(MechanismKind.SAMPLING_POLICY, SamplingPolicyProvider.class);
        bindKind(MechanismKind.ESTIMATOR, EstimatorProvider.class);
    }

    private <P extends MechanismProvider<?>> void bindKind(MechanismKind<?> kind, Class<P> type) {
        MapBinder<String, P> map = MapBinder.newMapBinder(binder(), String.class, type);
        for (ProviderInfo info : registry.providers(kind)) {
            map.addBinding(info.id()).toInstance(type.cast(info.provider()));
        }
    }
}
