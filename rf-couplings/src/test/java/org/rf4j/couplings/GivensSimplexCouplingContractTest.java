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
}
