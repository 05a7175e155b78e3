package org.jzenith.docs.rest;

/** An enum query parameter in docs/rest.md's "Parameters". */
public enum Sort {
    ASC,
    DESC
}
