package org.rf4j.couplings;

import org.rf4j.spi.CouplingProvider;
import org.rf4j.testkit.CouplingContract;

/**
 * The default Givens walk (3·d·⌈log₂ d⌉ rotations) is held to the exact direction law of the kit
 * (each moment resolves 10%); the old default d·⌈log₂ d⌉ needed a documented 70% allowance.
 */
class GivensCouplingContractTest extends CouplingContract {
    @Override
    protected CouplingProvider provider() {
        return new GivensCoupling.Provider();
    }
}
