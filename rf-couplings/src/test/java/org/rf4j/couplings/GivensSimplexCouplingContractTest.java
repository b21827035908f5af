package org.rf4j.couplings;

import java.util.Map;
import org.rf4j.spi.CouplingProvider;
import org.rf4j.testkit.CouplingContract;

class GivensSimplexCouplingContractTest extends CouplingContract {
    @Override
    protected CouplingProvider provider() {
        return new GivensCoupling.Provider();
    }

    @Override
    protected Map<String, Object> parameters() {
        return Map.of("geometry", "simplex", "rotations", 40L);
    }

    /**
     * 40 Givens rotations in d = 8 are only approximately Haar (direction moments measured
     * within ~5% of the uniform law).
     */
    @Override
    protected double directionTolerance() {
        return 0.15;
    }
}
