/* ncu_csv.h — `ncu --csv` output read line by line: its header names the
 * "Metric Name" and "Metric Value" columns, then each row gives one metric
 * of one launch.  `reducevis verify` reads ncu through it, and tests read
 * ncu's logged output the same way. */
#ifndef RV_NCU_CSV_H
#define RV_NCU_CSV_H

typedef struct rv_ncu_csv {
    int name_col, value_col; /* -1 until the header has been read */
} rv_ncu_csv;

void rv_ncu_csv_begin(rv_ncu_csv *c);

/* One line of ncu's output (modified: its quoted fields are cut apart): 1
 * for a row, with its metric's name (pointing into line) and its value
 * (ncu may group thousands: "1,234"); 0 for any other line (the header,
 * which this takes, ncu's own messages, the program's output). */
int rv_ncu_csv_row(rv_ncu_csv *c, char *line, const char **name, double *value);

#endif
