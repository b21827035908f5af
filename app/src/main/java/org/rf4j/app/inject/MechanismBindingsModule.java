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
