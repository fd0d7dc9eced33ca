# deposit registers and storage
deposit R3 = 10 * 3
x R3
deposit RESULT = X'C1C2C3C4'
deposit RESULT+4,2 = 1
x RESULT,8
deposit KEY = 1
deposit CC = 2
x CC
deposit R3
deposit R3 = (1
