/**
 * Closed forms for every rf4j estimator: MSE and variance formulas from the four papers,
 * with the special functions they need. Each formula cites its paper and equation, and every
 * correction of a printed formula is documented where it is implemented.
 */
module org.rf4j.theory {
    requires transitive org.rf4j.api;

    exports org.rf4j.theory;
    exports org.rf4j.theory.special;
}
