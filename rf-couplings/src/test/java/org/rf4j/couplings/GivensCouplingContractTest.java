package org.rf4j.couplings;

import org.rf4j.spi.CouplingProvider;
import org.rf4j.testkit.CouplingContract;

class GivensCouplingContractTest extends CouplingContract {
    @Override
    protected CouplingProvider provider() {
        return new GivensCoupling.Provider();
    }

    /**
     * Kac's walk with d⌈log₂ d⌉ = 24 rotations in d = 8 is only approximately Haar: row i keeps
     * too much of its own axis (measured: E[u_i²] 17% above 1/d, E[u_i⁴] 60% above 3/(d(d+2)); reported as a finding).
     */
    @Override
    protected double directionTolerance() {
        return 0.7;
    }
}
