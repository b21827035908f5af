package org.rf4j.testkit;

import org.rf4j.spi.MechanismProvider;
import org.rf4j.spi.MechanismRegistry;

/** Registry helpers for the contracts. */
final class Registries {
    private Registries() {
    }

    static MechanismRegistry with(MechanismProvider<?> provider) {
        return MechanismRegistry.builder().loadDiscovered().add(provider, "under-test").build();
    }

}
