package org.rf4j.spi;

import org.rf4j.api.mechanism.Coupling;

/** Provides a {@link Coupling}; see {@link MechanismProvider} for the contract. */
public interface CouplingProvider extends MechanismProvider<Coupling> {
    @Override
    default MechanismKind<Coupling> kind() {
        return MechanismKind.COUPLING;
    }
}
