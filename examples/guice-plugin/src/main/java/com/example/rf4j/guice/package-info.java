/** An example Guice contribution: a module binding a setting and a provider that needs it injected. */
package com.example.rf4j.guice;
