/** A library consumer of rf4j, as a named module (it also runs on the class path). */
module org.rf4j.examples.consumer {
    requires org.rf4j;
}
