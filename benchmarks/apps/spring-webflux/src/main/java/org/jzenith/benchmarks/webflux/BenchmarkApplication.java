package org.jzenith.benchmarks.webflux;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The TechEmpower test types on Spring Boot WebFlux with R2DBC PostgreSQL. */
@SpringBootApplication
public class BenchmarkApplication {

    public static void main(final String[] args) {
        SpringApplication.run(BenchmarkApplication.class, args);
    }
}
