package org.rf4j.couplings;

import org.rf4j.spi.CouplingProvider;
import org.rf4j.testkit.CouplingContract;

class OrthogonalCouplingContractTest extends CouplingContract {
    @Override
    protected CouplingProvider provider() {
        return new OrthogonalCoupling.Provider();
    }
}
