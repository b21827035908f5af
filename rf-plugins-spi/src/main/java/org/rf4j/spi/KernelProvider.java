package org.rf4j.spi;

import org.rf4j.api.kernel.Kernel;

/** Provides a {@link Kernel}; see {@link MechanismProvider} for the contract. */
public interface KernelProvider extends MechanismProvider<Kernel> {
    @Override
    default MechanismKind<Kernel> kind() {
        return MechanismKind.KERNEL;
    }
}
