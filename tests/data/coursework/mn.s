* MNOTEs are listed even under PRINT NOGEN.
         MACRO
         NOTE
         MNOTE 'plain text'
         MNOTE *,'star text'
         MNOTE 4,'a warning'
         MEND
T        CSECT
         PRINT NOGEN
         NOTE
         END
