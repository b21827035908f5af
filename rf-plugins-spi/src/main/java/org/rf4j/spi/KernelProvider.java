package org.rf4j.spi;

import org.rf4j.api.kernel.Kernel;

/** Provides a {@link Kernel}; see {@link MechanismProvider} for the contract. */
public interface KernelProvider extends MechanismProvider<Kernel> {
    @Override
    default MechanismKind<Kernel> kind() {
        return MechanismKind.KERNEL;
    }

    /**
     * The kernel's parameters that are length scales (a distance in the data's units, such as the
     * Gaussian kernel's {@code sigma}): a config may give them as {@code "median"} or {@code "scale"},
     * fitted from the data at the fit stage. Default: none.
     */
    default java.util.List<String> lengthScales() {
        return java.util.List.of();
    }
}
