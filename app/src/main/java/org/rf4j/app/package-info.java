/** The rf4j application entry point: {@link org.rf4j.app.Main} and the in-process runner {@link org.rf4j.app.Rf4j}. */
package org.rf4j.app;
